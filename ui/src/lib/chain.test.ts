import { describe, expect, it } from "vitest";
import type { ChainProblem } from "../api/types";
import { chainAlarm, unacknowledged } from "./chain";

const problem = (seq: number, acknowledged = false): ChainProblem => ({
  seq,
  kind: "changed",
  message: `event ${seq} was changed`,
  acknowledged: acknowledged ? { seq: 90, at: "2026-11-21T04:13:28Z", by: "reviewer:Ada", note: "Restored" } : null,
});

describe("the audit chain's banner", () => {
  it("is quiet while every problem is acknowledged, or before the chain was verified", () => {
    expect(chainAlarm(null)).toBeNull();
    expect(chainAlarm({ problems: [], unacknowledged: 0 })).toBeNull();
    expect(chainAlarm({ problems: [problem(4, true)], unacknowledged: 0 })).toBeNull();
  });
  it("names the first problem no admin acknowledged", () => {
    const shown = { problems: [problem(4, true), problem(9), problem(12)], unacknowledged: 2 };
    expect(unacknowledged(shown).map((p) => p.seq)).toEqual([9, 12]);
    expect(chainAlarm(shown)).toBe("The audit chain is broken: 2 problems not acknowledged, the first at event #9.");
    expect(chainAlarm({ problems: [problem(3)], unacknowledged: 1 })).toBe("The audit chain is broken: one problem not acknowledged, the first at event #3.");
  });
  it("counts problems past the listed ones", () => {
    expect(chainAlarm({ problems: [problem(4, true)], unacknowledged: 5 })).toBe("The audit chain is broken: 5 problems not acknowledged.");
  });
});
