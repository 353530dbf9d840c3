// List imports from the console: the upload (XMLHttpRequest, for its upload progress) and the
// import's shape as `POST/GET /_docket/aml/lists/imports` answer it.
import { ApiError, consoleHeaders, readResponse } from "../../api/client";
import type { ImportJob } from "../../api/types";

export const IMPORT_FORMATS = [
  { value: "us-csl", label: "US Consolidated Screening List (CSV)", hint: "One CSV: trade.gov's consolidated.csv." },
  { value: "ofac-sdn", label: "OFAC SDN (CSV)", hint: "sdn.csv, and optionally alt.csv and add.csv, together." },
  { value: "un-xml", label: "UN Security Council list (XML)", hint: "One XML: the UN's consolidated list." },
  { value: "ftm", label: "OpenSanctions FollowTheMoney (JSON lines)", hint: "One or more JSON-lines files (entities.ftm.json)." },
] as const;

export type ImportFormat = (typeof IMPORT_FORMATS)[number]["value"];
export type ImportState = ImportJob["state"];

/** One import, as the server reports it. */
export type ListImport = ImportJob;

export const IMPORTS_PATH = "/_docket/aml/lists/imports";
/** The server's bounds on one upload. */
export const MAX_FILES = 16;
export const MAX_BYTES = 1024 ** 3;

/** Why these files cannot be sent, or null. */
export function uploadProblem(files: readonly { size: number }[]): string | null {
  if (files.length === 0) return "Choose the list's file (or files) first.";
  if (files.length > MAX_FILES) return `Send at most ${MAX_FILES} files at once.`;
  if (files.reduce((n, f) => n + f.size, 0) > MAX_BYTES) return "An upload takes at most 1 GiB in all; import larger lists with `docket lists import`.";
  return null;
}

/** How long an import took: `3.5 s`, `2 min 5 s`; null while it runs. */
export function took(started: string, finished: string | null | undefined): string | null {
  if (!finished) return null;
  const ms = Date.parse(finished) - Date.parse(started);
  if (!Number.isFinite(ms) || ms < 0) return null;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** `row 12: no name` for a rejected row (row 0 is the whole file). */
export function rejectionText(r: { row: number; reason: string }): string {
  return r.row > 0 ? `row ${r.row}: ${r.reason}` : r.reason;
}

export function finished(state: ImportState | string | undefined): boolean {
  return state === "done" || state === "failed";
}

/** The files of an import as one line, whatever shape the server gives them in. */
export function fileNames(files: readonly string[]): string {
  return files.length ? files.join(", ") : "—";
}

/** What an import is doing, in words: `Reading files`, `Indexing names`, `Done`, `Failed`. */
export function stateLabel(state: string): string {
  if (state === "reading") return "Reading files";
  if (state === "indexing") return "Indexing names";
  if (state === "done") return "Done";
  if (state === "failed") return "Failed";
  return state;
}

export interface Upload {
  promise: Promise<ListImport>;
  abort: () => void;
}

/**
 * Sends the files as `multipart/form-data` (`format`, then one `file` part each) with the
 * console's headers and its session cookie; `onProgress` gets the bytes sent and the total.
 */
export function uploadImport(
  format: string,
  files: readonly File[],
  onProgress: (sent: number, total: number) => void,
  createXhr: () => XMLHttpRequest = () => new XMLHttpRequest(),
): Upload {
  const xhr = createXhr();
  const promise = new Promise<ListImport>((resolve, reject) => {
    const body = new FormData();
    body.append("format", format);
    for (const file of files) body.append("file", file, file.name);
    xhr.open("POST", IMPORTS_PATH);
    xhr.withCredentials = true;
    consoleHeaders({ Accept: "application/json" }).forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      const requestId = xhr.getResponseHeader("x-request-id");
      if (requestId) headers.set("x-request-id", requestId);
      // Reuse the API helper's reading of answers and refusals (the server's `message`).
      const response = new Response([204, 205, 304].includes(xhr.status) ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers });
      readResponse<ListImport>(response).then(resolve, reject);
    };
    xhr.onerror = () => reject(new ApiError(0, "The upload did not reach Docket. Is `docket serve` (or the desktop app) still running?"));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}

/** True when the server has no import endpoints (an older Docket). */
export function importsUnavailable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 405);
}
