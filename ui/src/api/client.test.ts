import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, getFile, parseRetryAfter, queryString, setRequestContext } from "./client";

const NOW = Date.parse("2026-11-22T10:00:00Z");

afterEach(() => vi.unstubAllGlobals());

describe("queryString", () => {
  it("skips empty values and repeats arrays", () => {
    expect(queryString({ page: 0, limit: 10, name: "", country: null, type: undefined })).toBe("?page=0&limit=10");
    expect(queryString({ tags: ["PEP", "Sanctions"] })).toBe("?tags=PEP&tags=Sanctions");
    expect(queryString(undefined)).toBe("");
  });
});

describe("api", () => {
  it("sends the environment and the session cookie; the session, not a header, names the reviewer", async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    setRequestContext({ environment: "production" });
    await api("POST", "/_docket/clock/reset", { body: {} });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    const headers = new Headers(init.headers);
    expect(headers.get("X-Docket-Environment")).toBe("production");
    expect(headers.has("X-Docket-Reviewer")).toBe(false);
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(init.credentials).toBe("same-origin");
    setRequestContext({ environment: "sandbox" });
  });

  it("reads a file with its headers (a preview's page count)", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("png", { status: 200, headers: { "X-Page-Count": "3" } })));
    const { blob, headers } = await getFile("/api/v4/kyb/verifications/c/documents/f/preview?page=1");
    expect(await blob.text()).toBe("png");
    expect(headers.get("X-Page-Count")).toBe("3");
  });

  it("turns a refusal into an ApiError with the server's message", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response('{"message":"limit must be 1 to 100"}', { status: 400, headers: { "x-request-id": "r1" } })));
    const error = await api("GET", "/api/v3/applicants").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe("limit must be 1 to 100");
    expect((error as ApiError).requestId).toBe("r1");
  });

  it("explains a server that does not answer", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => { throw new TypeError("Failed to fetch"); }));
    const error = await api("GET", "/healthz").catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toMatch(/not answering/);
  });
});

describe("Retry-After", () => {
  it("reads delta-seconds", () => {
    expect(parseRetryAfter("900", NOW)).toBe(900);
    expect(parseRetryAfter(" 0 ", NOW)).toBe(0);
  });
  it("reads an HTTP date as the seconds until then, never negative", () => {
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:15:00 GMT", NOW)).toBe(900);
    expect(parseRetryAfter("Sun, 22 Nov 2026 09:00:00 GMT", NOW)).toBe(0);
  });
  it("is null when missing or not a Retry-After", () => {
    expect(parseRetryAfter(null, NOW)).toBeNull();
    expect(parseRetryAfter("", NOW)).toBeNull();
    expect(parseRetryAfter("-5", NOW)).toBeNull();
    expect(parseRetryAfter("1.5", NOW)).toBeNull();
    expect(parseRetryAfter("soon", NOW)).toBeNull();
    expect(parseRetryAfter("2026-11-22", NOW)).toBeNull();
  });
  it("is carried by the ApiError of a 429", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response('{"message":"too many failed sign-ins: try again later"}', { status: 429, headers: { "retry-after": "900" } })));
    const error = await api("POST", "/_docket/console/sign-in", { body: {} }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).retryAfter).toBe(900);
  });
});
