import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, getFile, queryString, setRequestContext } from "./client";

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
