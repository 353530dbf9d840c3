// The one way the console talks to Docket: same-origin fetch with the console session cookie
// (the session names the signed-in reviewer) and the environment chosen in the header bar.

export type Environment = "sandbox" | "production";

/** A refused request: the server's JSON `message` and its status. */
export class ApiError extends Error {
  readonly status: number;
  readonly requestId: string | null;
  /** Seconds to wait before trying again (`Retry-After` of a 429 or 503), when the server said. */
  readonly retryAfter: number | null;
  constructor(status: number, message: string, requestId: string | null = null, retryAfter: number | null = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.requestId = requestId;
    this.retryAfter = retryAfter;
  }
}

/**
 * The seconds a `Retry-After` header asks to wait: delta-seconds (`900`) or an HTTP date
 * (RFC 9110 §10.2.3). Null when the header is missing or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date ("Sun, 06 Nov 1994 08:49:37 GMT") ends in GMT; whatever else Date.parse
  // happens to read is not a Retry-After.
  if (!/GMT$/.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export type QueryValue = string | number | boolean | null | undefined | readonly string[];

interface Context {
  environment: Environment;
}

// Set by the session provider; read on every request so switching environment needs no plumbing.
const context: Context = { environment: "sandbox" };

export function setRequestContext(next: Partial<Context>): void {
  Object.assign(context, next);
}

export function requestContext(): Readonly<Context> {
  return context;
}

/** `?a=1&b=x&b=y`, skipping empty values. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, v));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function consoleHeaders(extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  headers.set("X-Docket-Environment", context.environment);
  return headers;
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

export async function api<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = consoleHeaders({ Accept: "application/json" });
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path + queryString(options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: "same-origin",
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new ApiError(0, "Docket is not answering. Is `docket serve` (or the desktop app) still running?");
  }
  return readResponse<T>(response);
}

export async function readResponse<T>(response: Response): Promise<T> {
  const requestId = response.headers.get("x-request-id");
  const text = await response.text();
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`.trim();
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === "string") message = parsed.message;
    } catch {
      // Not JSON: keep the status line.
    }
    throw new ApiError(response.status, message, requestId, parseRetryAfter(response.headers.get("retry-after")));
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export const get = <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
  api<T>("GET", path, { query, signal });
export const post = <T>(path: string, body?: unknown) => api<T>("POST", path, { body });
export const put = <T>(path: string, body?: unknown) => api<T>("PUT", path, { body });
export const patch = <T>(path: string, body?: unknown) => api<T>("PATCH", path, { body });
export const del = <T>(path: string) => api<T>("DELETE", path);

/** Sends a `multipart/form-data` form (an upload) with the console's headers; the answer is read
 * as every API answer is. */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", headers: consoleHeaders({ Accept: "application/json" }), body: form, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "Docket is not answering. Is `docket serve` (or the desktop app) still running?");
  }
  return readResponse<T>(response);
}

/** A file the console shows (a document, its preview) with its response headers, fetched with the
 * console's headers, as an `<img>` cannot send them. */
export async function getFile(path: string, signal?: AbortSignal): Promise<{ blob: Blob; headers: Headers }> {
  const response = await fetch(path, { headers: consoleHeaders(), credentials: "same-origin", signal });
  if (!response.ok) await readResponse(response);
  return { blob: await response.blob(), headers: response.headers };
}

export async function getBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return (await getFile(path, signal)).blob;
}

/** Downloads a file the server makes (an export) under `name`, with the console's headers. */
export async function download(path: string, name: string): Promise<void> {
  const { blob, headers } = await getFile(path);
  const disposition = /filename="?([^";]+)"?/.exec(headers.get("content-disposition") ?? "");
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = disposition?.[1] ?? name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
