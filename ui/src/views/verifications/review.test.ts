import { describe, expect, it } from "vitest";
import type { FieldComparison } from "../../api/types";
import { draftOf, matchLabel, matchTone, outcomeKind, readingOf, secondsLeft } from "./review";

describe("the document review", () => {
  it("counts the undo minute down on the server's clock, whatever the browser's", () => {
    // The sandbox clock is a day ahead of the browser: only the time passed since the read counts.
    const serverNow = "2026-01-02T10:00:00Z";
    const readAt = Date.parse("2026-01-01T10:00:00Z");
    expect(secondsLeft("2026-01-02T10:01:00Z", serverNow, readAt, readAt)).toBe(60);
    expect(secondsLeft("2026-01-02T10:01:00Z", serverNow, readAt, readAt + 45_500)).toBe(15);
    expect(secondsLeft("2026-01-02T10:01:00Z", serverNow, readAt, readAt + 61_000)).toBe(0);
    expect(secondsLeft("nonsense", serverNow, readAt, readAt)).toBe(0);
  });

  it("fills the form with the reviewer's reading, else Docket's, and sends only what is filled", () => {
    const rows = [
      { field: "full_name", declared: "Anna Schmidt", machine: "Anna Schmit", reviewer: "Anna Schmidt", match: "match", readings_differ: true },
      { field: "birth_date", declared: "1987-12-24", machine: "1987-12-24", reviewer: null, match: "match", readings_differ: false },
      { field: "document_number", declared: null, machine: null, reviewer: null, match: "not_read", readings_differ: false },
    ] as FieldComparison[];
    const draft = draftOf(rows);
    expect(draft).toEqual({ full_name: "Anna Schmidt", birth_date: "1987-12-24", nationality: "", document_number: "", expiry_date: "" });
    expect(readingOf({ ...draft, document_number: "  C01X00T47 " })).toEqual({ full_name: "Anna Schmidt", birth_date: "1987-12-24", document_number: "C01X00T47" });
  });

  it("names matches and outcomes in words", () => {
    expect(matchLabel("not_declared")).toBe("not declared");
    expect(matchTone("mismatch")).toBe("bad");
    expect(outcomeKind(true, null)).toBe("verified");
    expect(outcomeKind(false, 4001)).toBe("rejected");
    expect(outcomeKind(false, 1001)).toBe("resubmission");
  });
});
