import { describe, expect, it } from "vitest";
import { caseDetail, check } from "./fixtures";
import { factorSentence, riskExplanation } from "./risk";

const score = (evidence: Record<string, unknown> | null, over = {}) => caseDetail({ checks: [check({ type: "business_risk_score", severity: "medium", verdict: "medium_risk", evidence, ...over })] });

describe("the risk score in sentences", () => {
  it("says what raised it and from which check, once", () => {
    const r = riskExplanation(
      score({
        level: "medium",
        factors: [
          { level: "medium", check: "kyc", reason: "Jonas Review's document needs a closer look" },
          { level: "medium", check: "kyc", reason: "Jonas Review's document needs a closer look" },
          { level: "medium", check: null, reason: "incorporated less than a year ago (2026-06-01)" },
        ],
      }),
    );
    expect(r.level).toBe("medium");
    expect(r.headline).toBe("Medium risk, raised by 2 findings (the highest factor sets the level).");
    expect(r.factors.map(factorSentence)).toEqual(["KYC: persons: Jonas Review's document needs a closer look.", "Incorporated less than a year ago (2026-06-01)."]);
  });

  it("reads scores made before factors named their check, without repeating them", () => {
    const r = riskExplanation(score({ level: "medium", factors: [{ level: "medium", reason: "kyc: needs_review" }, { level: "medium", reason: "kyc: needs_review" }] }));
    expect(r.factors.map(factorSentence)).toEqual(["KYC: persons: Needs review."]);
    expect(r.headline).not.toContain("needs_review");
  });

  it("says when there is no score yet, or none can be made, or nothing raised it", () => {
    expect(riskExplanation(caseDetail()).headline).toMatch(/^Not scored yet/);
    expect(riskExplanation(score(null, { state: "pending", severity: null, verdict: null })).headline).toMatch(/^Not scored yet/);
    expect(riskExplanation(score({}, { state: "error", severity: null, verdict: null, summary: "no risk level: registry could not run" })).headline).toBe("No risk level: registry could not run.");
    expect(riskExplanation(score({ level: "low", factors: [] }, { severity: "low", verdict: "low_risk" })).headline).toBe("Low risk: every check passed and no risk factor applies.");
  });
});
