import { afterEach, describe, expect, it } from "vitest";
import { ApiError, setRequestContext } from "../../api/client";
import { fileNames, finished, importsUnavailable, MAX_BYTES, rejectionText, stateLabel, took, uploadImport, uploadProblem } from "./imports";

/** Just enough of XMLHttpRequest to watch what is sent and answer it. */
class FakeXhr {
  method = "";
  url = "";
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  statusText = "";
  responseText = "";
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(key: string, value: string) {
    this.headers[key.toLowerCase()] = value;
  }
  getResponseHeader(key: string) {
    return this.responseHeaders[key.toLowerCase()] ?? null;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = headers;
    this.onload?.();
  }
}

afterEach(() => setRequestContext({ environment: "sandbox" }));

describe("uploadImport", () => {
  it("posts the format and every file with the console's headers and reports progress", async () => {
    setRequestContext({ environment: "production" });
    const xhr = new FakeXhr();
    const progress: [number, number][] = [];
    const files = [new File(["a"], "sdn.csv"), new File(["bb"], "alt.csv")];
    const upload = uploadImport("ofac-sdn", files, (sent, total) => progress.push([sent, total]), () => xhr as unknown as XMLHttpRequest);
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/_docket/aml/lists/imports");
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers["x-docket-environment"]).toBe("production");
    expect(xhr.headers["x-docket-reviewer"]).toBeUndefined();
    expect(xhr.body?.get("format")).toBe("ofac-sdn");
    expect((xhr.body?.getAll("file") as File[]).map((f) => f.name)).toEqual(["sdn.csv", "alt.csv"]);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 3 } as ProgressEvent);
    expect(progress).toEqual([[1, 3]]);
    xhr.answer(202, { id: "i1", format: "ofac-sdn", files: ["sdn.csv"], state: "reading", progress: 0, started_at: "2026-01-01T00:00:00Z" });
    await expect(upload.promise).resolves.toMatchObject({ id: "i1", state: "reading" });
  });
  it("rejects with the server's message", async () => {
    const xhr = new FakeXhr();
    const upload = uploadImport("un-xml", [], () => {}, () => xhr as unknown as XMLHttpRequest);
    xhr.answer(400, { message: "format: must be one of us-csl, ofac-sdn, un-xml, ftm", error: "bad_request" }, { "x-request-id": "r1" });
    const error = await upload.promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/format: must be/);
    expect((error as ApiError).requestId).toBe("r1");
    expect(importsUnavailable(error)).toBe(false);
    expect(importsUnavailable(new ApiError(404, "Not found"))).toBe(true);
  });
  it("says when Docket cannot be reached", async () => {
    const xhr = new FakeXhr();
    const upload = uploadImport("ftm", [], () => {}, () => xhr as unknown as XMLHttpRequest);
    xhr.onerror?.();
    await expect(upload.promise).rejects.toMatchObject({ status: 0 });
  });
});

describe("import helpers", () => {
  it("names the files", () => {
    expect(fileNames(["sdn.csv", "alt.csv"])).toBe("sdn.csv, alt.csv");
    expect(fileNames([])).toBe("—");
  });
  it("tracks states", () => {
    expect(finished("done")).toBe(true);
    expect(finished("failed")).toBe(true);
    expect(finished("indexing")).toBe(false);
    expect(stateLabel("indexing")).toBe("Indexing names");
  });
});

describe("upload bounds", () => {
  it("refuses no files, too many and too much", () => {
    expect(uploadProblem([])).toMatch(/Choose/);
    expect(uploadProblem([{ size: 10 }])).toBeNull();
    expect(uploadProblem(Array.from({ length: 17 }, () => ({ size: 1 })))).toMatch(/16/);
    expect(uploadProblem([{ size: MAX_BYTES }, { size: 1 }])).toMatch(/1 GiB/);
  });
  it("writes rejected rows", () => {
    expect(rejectionText({ row: 12, reason: "no name" })).toBe("row 12: no name");
    expect(rejectionText({ row: 0, reason: "not XML" })).toBe("not XML");
  });
});

describe("took", () => {
  it("says how long a finished import took", () => {
    expect(took("2026-01-01T00:00:00.000Z", null)).toBeNull();
    expect(took("2026-01-01T00:00:00.000Z", "2026-01-01T00:00:03.512Z")).toBe("3.5 s");
    expect(took("2026-01-01T00:00:00.000Z", "2026-01-01T00:00:42.000Z")).toBe("42 s");
    expect(took("2026-01-01T00:00:00.000Z", "2026-01-01T00:02:05.000Z")).toBe("2 min 5 s");
  });
});
