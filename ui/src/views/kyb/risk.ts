// The risk score in sentences: the level, and each factor that raised it with the check it
// comes from and what that check found, said once. Reads the score's evidence (`factors`);
// scores made before factors named their check ("kyc: needs_review") are read too. Pure, so tested.
import { checkName, currentCheck, evidenceOf, words } from "./evidence";
import type { CaseDetail, CheckType } from "./types";

export interface RiskFactor {
  level: string;
  /** The check the factor comes from; null for the model's own factors (country, age, owners). */
  check: CheckType | null;
  sentence: string;
}

export interface RiskExplanation {
  /** One sentence: the level and why, or why there is none. */
  headline: string;
  level: string | null;
  /** The factors at the level, then the lower ones. */
  factors: RiskFactor[];
}

const LEVELS: Record<string, number> = { high: 3, medium: 2, low: 1 };

function capital(text: string): string {
  return text.replace(/^./, (c) => c.toUpperCase());
}

function factorOf(value: unknown): RiskFactor | null {
  if (!value || typeof value !== "object") return null;
  const f = value as Record<string, unknown>;
  const level = typeof f.level === "string" ? f.level : "medium";
  const reason = typeof f.reason === "string" ? f.reason : "";
  if (typeof f.check === "string") return { level, check: f.check as CheckType, sentence: capital(reason) };
  // Before factors named their check: "kyc: needs_review".
  const old = /^([a-z_]+): ([a-z_]+)$/.exec(reason);
  if (old?.[1] && old[2]) return { level, check: old[1] as CheckType, sentence: capital(words(old[2])) };
  return reason ? { level, check: null, sentence: capital(reason) } : null;
}

export function riskExplanation(detail: Pick<CaseDetail, "checks">): RiskExplanation {
  const score = currentCheck(detail.checks, "business_risk_score");
  if (!score || score.state === "pending") return { headline: "Not scored yet: the score comes when every other check has finished.", level: null, factors: [] };
  if (score.state === "error") {
    const why = score.summary ?? "the model could not score the case";
    return { headline: /^no risk level/i.test(why) ? `${capital(why)}.` : `No risk level: ${why}.`, level: null, factors: [] };
  }
  const ev = evidenceOf(score);
  const level = typeof ev.level === "string" ? ev.level : (score.verdict ?? "").replace(/_risk$/, "") || null;
  const seen = new Set<string>();
  const factors = (Array.isArray(ev.factors) ? ev.factors : [])
    .map(factorOf)
    .filter((f): f is RiskFactor => f !== null)
    .filter((f) => {
      const id = `${f.level}|${f.check ?? ""}|${f.sentence}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .sort((a, b) => (LEVELS[b.level] ?? 0) - (LEVELS[a.level] ?? 0));
  const raising = factors.filter((f) => f.level === level);
  const headline =
    level === "low" || raising.length === 0
      ? `${capital(level ?? "no")} risk: every check passed and no risk factor applies.`
      : `${capital(level ?? "")} risk, raised by ${raising.length === 1 ? "one finding" : `${raising.length} findings`} (the highest factor sets the level).`;
  return { headline, level, factors };
}

/** A factor as one sentence: "Identity check (KYC: persons): Jonas Review's document needs a closer look." */
export function factorSentence(f: RiskFactor): string {
  const end = /[.!?]$/.test(f.sentence) ? "" : ".";
  return f.check ? `${checkName(f.check)}: ${f.sentence}${end}` : `${f.sentence}${end}`;
}
