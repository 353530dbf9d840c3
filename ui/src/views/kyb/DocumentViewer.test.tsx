import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DocumentViewer, pageOf, renderSize } from "./DocumentViewer";
import type { CaseDocument } from "./types";

const doc = (file_id: string, name: string): CaseDocument => ({ file_id, kind: "certificate_of_incorporation", name, media_type: "application/pdf", declared_type: "application/pdf", size: 1000, sha256: "c".repeat(64), uploaded_at: "2026-10-14T02:17:17Z" }) as CaseDocument;
const PAGES: Record<string, number> = { three: 3, one: 1 };
let asked: string[] = [];

beforeEach(() => {
  asked = [];
  URL.createObjectURL = vi.fn(() => "blob:page");
  URL.revokeObjectURL = vi.fn();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      asked.push(path);
      const file = /documents\/([a-z]+)\/preview/.exec(path)?.[1] ?? "";
      const page = Number(new URL(path, "http://x").searchParams.get("page"));
      if (page > (PAGES[file] ?? 0)) return new Response('{"message":"the document has 1 page(s)"}', { status: 400 });
      return new Response(new Uint8Array([0xff, 0xd8]), { headers: { "X-Page-Count": String(PAGES[file]), ...(path.includes("find=") ? { "X-Found": "2" } : {}) } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the document viewer", () => {
  it("pages no further than the document's pages, and starts another document at its first page", async () => {
    const documents = [doc("three", "register.pdf"), doc("one", "certificate.pdf")];
    const { rerender } = render(<DocumentViewer caseId="k" documents={documents} index={0} onIndex={() => {}} />);
    const next = screen.getByTestId("page-next") as HTMLButtonElement;
    // Until the first page tells the count, there is no next page.
    expect(next.disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId("page-indicator").textContent).toBe("Page 1 of 3"));
    fireEvent.click(next);
    await waitFor(() => expect(screen.getByTestId("page-indicator").textContent).toBe("Page 2 of 3"));
    fireEvent.click(next);
    await waitFor(() => expect(next.disabled).toBe(true));
    expect(screen.getByTestId("page-indicator").textContent).toBe("Page 3 of 3");
    // The comparison shows another document (a one-page PDF): page 1, never "Page 3" then a 400.
    rerender(<DocumentViewer caseId="k" documents={documents} index={1} onIndex={() => {}} />);
    await waitFor(() => expect(screen.getByTestId("page-indicator").textContent).toBe("Page 1 of 1"));
    expect(asked.filter((p) => p.includes("/one/"))).toEqual([expect.stringContaining("page=1&")]);
    expect(screen.queryByText(/could not be made/)).toBeNull();
  });

  it("says whether the value looked for is marked on the page", async () => {
    render(<DocumentViewer caseId="k" documents={[doc("one", "certificate.pdf")]} index={0} onIndex={() => {}} find={{ text: "Wiener Strasse 17", label: "Address" }} />);
    await waitFor(() => expect(screen.getByTestId("viewer-find").textContent).toBe("Wiener Strasse 17 is marked on this page."));
    expect(asked[0]).toContain("find=Wiener%20Strasse%2017");
  });

  it("asks for pages as sharp as the screen shows them", () => {
    expect(renderSize(600, 1)).toBe(640);
    expect(renderSize(600 * 1.5, 2)).toBe(1920);
    expect(renderSize(600 * 3, 2)).toBe(2400);
    expect(renderSize(0, 0)).toBe(640);
    expect(pageOf({ file: "a", page: 3 }, "b", 1)).toBe(1);
    expect(pageOf({ file: "a", page: 3 }, "a", 2)).toBe(2);
  });
});
