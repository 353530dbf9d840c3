import { describe, expect, it } from "vitest";
import { pageText } from "./Pager";

describe("pageText", () => {
  it("says the range, the total and the page count", () => {
    expect(pageText(0, 25, 312, 25)).toBe("1–25 of 312 · page 1 of 13");
    expect(pageText(12, 12, 312, 25)).toBe("301–312 of 312 · page 13 of 13");
  });
  it("says none for an empty list, and falls back without a total", () => {
    expect(pageText(0, 0, 0, 25)).toBe("None");
    expect(pageText(2, 10, null, 25)).toBe("Page 3 · 10 shown");
  });
  it("groups large counts", () => {
    expect(pageText(1999, 25, 100000, 25)).toMatch(/^49,?976–50,?000 of 100,?000 · page 2,?000 of 4,?000$/);
  });
});
