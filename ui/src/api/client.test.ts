import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, queryString, setRequestContext } from "./client";

afterEach(() => vi.unstubAllGlobals());

describe("queryString", () => {
  it("skips empty values and repeats arrays", () => {
    expect(queryString({ page: 0, limit: 10, name: "", country: null, type: undefined })).toBe("?page=0&limit=10");
    expect(queryString({ tags: ["PEP", "Sanctions"] })).toBe("?tags=PEP&tags=Sanctions");
    expect(queryString(undefined)).toBe("");
  });
});

describe("api", () => {
  it("sends the environment and the reviewer, percent-encoded", async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    setRequestContext({ environment: "production", reviewer: "Zoë Ångström" });
    await api("POST", "/_docket/clock/reset", { body: {} });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    const headers = new Headers(init.headers);
    expect(headers.get("X-Docket-Environment")).toBe("production");
    expect(headers.get("X-Docket-Reviewer")).toBe("Zo%C3%AB%20%C3%85ngstr%C3%B6m");
    expect(headers.get("Content-Type")).toBe("application/json");
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
