import { describe, expect, it } from "vitest";
import { age, caseSla, minutes, rate, sla, span } from "./sla";

const NOW = Date.parse("2026-11-25T12:00:00Z");

describe("span", () => {
  it("uses the one or two largest units", () => {
    expect(span(0)).toBe("under 1 min");
    expect(span(59_000)).toBe("under 1 min");
    expect(span(45 * 60_000)).toBe("45 min");
    expect(span((3 * 60 + 20) * 60_000)).toBe("3 h 20 min");
    expect(span((2 * 1440 + 4 * 60 + 7) * 60_000)).toBe("2 d 4 h");
    expect(span((2 * 1440 + 7) * 60_000)).toBe("2 d");
    expect(span(-90 * 60_000)).toBe("1 h 30 min");
  });
});

describe("sla", () => {
  it("says when there is no SLA", () => {
    expect(sla(null, NOW)).toMatchObject({ state: "none", text: "no SLA", tone: "neutral" });
  });
  it("counts down, warning in the last hours", () => {
    expect(sla("2026-11-26T14:00:00Z", NOW)).toEqual({ state: "ok", text: "due in 1 d 2 h", label: "on time", when: "in 1 d 2 h", tone: "good" });
    expect(sla("2026-11-25T15:30:00Z", NOW)).toEqual({ state: "soon", text: "due in 3 h 30 min", label: "due soon", when: "in 3 h 30 min", tone: "warn" });
  });
  it("says how long ago it was breached", () => {
    expect(sla("2026-11-25T12:00:00Z", NOW)).toMatchObject({ state: "breached", tone: "bad" });
    expect(sla("2026-11-23T10:00:00Z", NOW)).toEqual({ state: "breached", text: "breached 2 d 2 h ago", label: "breached", when: "2 d 2 h ago", tone: "bad" });
  });
  it("waits for the clock before judging", () => {
    expect(sla("2026-11-23T10:00:00Z", null)).toMatchObject({ state: "ok", text: "due", tone: "neutral" });
  });
});

describe("age, minutes and rates", () => {
  it("formats", () => {
    expect(age("2026-11-22T12:00:00Z", NOW)).toBe("3 d");
    expect(age("2026-11-22T12:00:00Z", null)).toBe("");
    expect(minutes(95)).toBe("1 h 35 min");
    expect(minutes(null)).toBe("—");
    expect(rate(0.666)).toBe("67%");
    expect(rate(null)).toBe("—");
  });
});

describe("caseSla", () => {
  const due = "2026-11-25T10:00:00Z";
  it("shows late checks in a neutral tone, not as a reviewer's breach", () => {
    expect(caseSla({ status: "under_review", review: { sla_due_at: due } }, NOW)).toMatchObject({ state: "late", label: "checks late", text: "checks late by 2 h", tone: "neutral" });
  });
  it("leaves every other stage's breach red", () => {
    expect(caseSla({ status: "manual_review", review: { sla_due_at: due } }, NOW)).toMatchObject({ state: "breached", tone: "bad" });
    expect(caseSla({ status: "under_review", review: { sla_due_at: "2026-11-25T13:00:00Z" } }, NOW)).toMatchObject({ state: "soon" });
  });
});
