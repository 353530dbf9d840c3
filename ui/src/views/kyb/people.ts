// The case's people as the reviewer reads them: one row per human (the server merges a person
// declared in two sections and lists every key they were declared under), with the outcome of
// their screening and identity check and where its evidence is; and the registry's officers
// against the declared ones. Pure, so tested.
import type { Tone } from "../../components/Badge";
import { evidenceOf, severityTone, words } from "./evidence";
import type { CaseDetail, CasePerson, Check, CheckType } from "./types";

/** One check's outcome for a person, with where its evidence is. */
export interface PersonOutcome {
  checkId: string;
  type: CheckType;
  label: string;
  tone: Tone;
  /** The check's sentence ("Jonas Review's document needs a closer look"). */
  summary: string | null;
  /** The person's identity verification behind a production KYC check. */
  verificationId: string | null;
  simulated: boolean;
}

export interface PersonRow {
  person: CasePerson;
  keys: string[];
  aml: PersonOutcome | null;
  kyc: PersonOutcome | null;
}

const SEVERITY_RANK: Record<string, number> = { high: 3, medium: 2, low: 1 };

/** How bad an instance is, to pick the one shown when earlier rounds named a person twice. */
function rank(c: Check): number {
  if (c.state === "error") return 4;
  if (c.state === "pending") return 0;
  return SEVERITY_RANK[c.severity ?? ""] ?? 0;
}

function outcome(checks: Check[]): PersonOutcome | null {
  const worst = [...checks].sort((a, b) => rank(b) - rank(a))[0];
  if (!worst) return null;
  const ev = evidenceOf(worst);
  return {
    checkId: worst.id,
    type: worst.type,
    label: worst.state === "completed" ? words(worst.verdict) || "done" : words(worst.state),
    tone: severityTone(worst.severity, worst.state),
    summary: worst.summary ?? null,
    verificationId: typeof ev.verification_id === "string" ? ev.verification_id : null,
    simulated: ev.simulated === true,
  };
}

/** The keys a person was declared under (servers before the merge sent `key` only). */
export function keysOf(person: Pick<CasePerson, "key"> & { keys?: string[] | null }): string[] {
  return person.keys && person.keys.length > 0 ? person.keys : [person.key];
}

/** One row per human, with their current screening and identity check. */
export function personRows(detail: Pick<CaseDetail, "persons" | "checks">): PersonRow[] {
  const current = detail.checks.filter((c) => !c.superseded_at);
  return detail.persons.map((person) => {
    const keys = keysOf(person);
    const of = (type: CheckType) => current.filter((c) => c.type === type && keys.includes(c.subject));
    return { person, keys, aml: outcome(of("aml_person")), kyc: outcome(of("kyc")) };
  });
}

/** What a check's subject is called: the company, or the person's name (never "person 1"). */
export function subjectName(detail: Pick<CaseDetail, "persons">, check: Pick<Check, "subject" | "subject_name">): string {
  if (check.subject === "company") return check.subject_name || "the company";
  const person = detail.persons.find((p) => keysOf(p).includes(check.subject));
  return person?.full_name || check.subject_name || "an unnamed person";
}

export type OfficerStatus = "matched" | "missing" | "extra";

export interface OfficerRow {
  name: string;
  /** matched: declared and registered; missing: declared, not in the registry; extra: registered, not declared. */
  status: OfficerStatus;
  /** The declared person's roles, when declared. */
  roles: string[];
}

const key = (name: string) => name.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

function names(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "") : null;
}

/**
 * The registry's officers against the declared ones, from the cross-check's evidence; null when
 * the registry's record lists none (Companies House and GLEIF files do not carry officers).
 */
export function officerRows(detail: Pick<CaseDetail, "persons" | "checks">): OfficerRow[] | null {
  const cross = detail.checks.filter((c) => c.type === "cross_check" && !c.superseded_at).sort((a, b) => b.round - a.round)[0];
  const fields = evidenceOf(cross).fields;
  const officers = fields && typeof fields === "object" ? (fields as Record<string, unknown>).officers : null;
  const registry = names(officers && typeof officers === "object" ? (officers as Record<string, unknown>).registry : null);
  if (!registry) return null;
  const directors = detail.persons.filter((p) => p.roles.includes("director")).map((p) => p.full_name);
  const declared = names((officers as Record<string, unknown>).declared) ?? directors;
  const rolesOf = (name: string) => detail.persons.find((p) => key(p.full_name) === key(name))?.roles.map(words) ?? [];
  const registered = new Set(registry.map(key));
  const said = new Set(declared.map(key));
  return [
    ...declared.map((name) => ({ name, status: (registered.has(key(name)) ? "matched" : "missing") as OfficerStatus, roles: rolesOf(name) })),
    ...registry.filter((name) => !said.has(key(name))).map((name) => ({ name, status: "extra" as OfficerStatus, roles: [] })),
  ];
}
