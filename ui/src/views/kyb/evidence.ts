// Reading a case's checks: their names and tones, the checks grouped by type, and the declared
// data beside the registry's and the documents' (the cross-check's evidence), mismatches marked.
// Evidence comes in two shapes (a real check's, field by field with values, and a sandbox
// simulation's, with only each field's result): both are read. Pure, so tested.
import type { Tone } from "../../components/Badge";
import type { CaseDetail, Check, CheckType, ChecksSummary } from "./types";

export const CHECK_NAMES: Record<CheckType, string> = {
  registry: "Registry",
  tin: "TIN",
  document_verification: "Documents",
  doc_manipulation: "Document tampering",
  aml_company: "AML: company",
  aml_person: "AML: persons",
  cross_check: "Cross-check",
  business_risk_score: "Risk score",
  agentic_verification: "Agentic verification",
  kyc: "KYC: persons",
};

export function checkName(type: string): string {
  return CHECK_NAMES[type as CheckType] ?? words(type);
}

/** `potential_match` → `potential match`. */
export function words(value: string | null | undefined): string {
  return (value ?? "").replaceAll("_", " ");
}

export function severityTone(severity: string | null | undefined, state?: string | null): Tone {
  if (state === "error") return "bad";
  if (state === "pending" || state === "in_progress") return "info";
  if (severity === "high") return "bad";
  if (severity === "medium") return "warn";
  if (severity === "low") return "good";
  return "neutral";
}

export function riskTone(level: string | null | undefined): Tone {
  return level === "high" ? "bad" : level === "medium" ? "warn" : level === "low" ? "good" : "neutral";
}

export function statusTone(status: string): Tone {
  if (status === "approved" || status === "approved_manually") return "good";
  if (status === "rejected" || status === "rejected_manually") return "bad";
  if (status === "manual_review" || status === "failed") return "warn";
  if (status === "action_required") return "info";
  return "neutral";
}

/** The summary's check types with a finding (medium or high) or a technical error, for the queue's row. */
export function flaggedChecks(summary: ChecksSummary | null | undefined): { type: string; label: string; tone: Tone }[] {
  if (!summary) return [];
  return summary.checks
    .filter((c) => c.status === "error" || c.severity === "medium" || c.severity === "high")
    .map((c) => ({
      type: c.type,
      label: c.status === "error" ? `${checkName(c.type)}: error` : `${checkName(c.type)}: ${words(c.verdict)}`,
      tone: c.status === "error" ? "bad" : severityTone(c.severity),
    }));
}

export interface CheckGroup {
  type: CheckType;
  /** This round's instances (one per subject). */
  current: Check[];
  /** Instances of earlier rounds, replaced by a resubmission. */
  superseded: Check[];
  /** The summary's line for the type, if the case has a summary. */
  status: string;
  severity: string | null;
  verdict: string | null;
}

/** The checks by type, in the plan's order (types without instances yet included). */
export function checkGroups(detail: Pick<CaseDetail, "plan" | "checks" | "checks_summary">): CheckGroup[] {
  const types: CheckType[] = [...detail.plan];
  for (const c of detail.checks) if (!types.includes(c.type)) types.push(c.type);
  return types.map((type) => {
    const all = detail.checks.filter((c) => c.type === type);
    const line = detail.checks_summary?.checks.find((c) => c.type === type);
    return {
      type,
      current: all.filter((c) => !c.superseded_at),
      superseded: all.filter((c) => c.superseded_at),
      status: line?.status ?? (all.length ? "in_progress" : "pending"),
      severity: line?.severity ?? null,
      verdict: line?.verdict ?? null,
    };
  });
}

export type Result = "match" | "mismatch" | "not_found" | "missing" | "differs" | null;

export interface CompareRow {
  field: string;
  label: string;
  declared: string | null;
  registry: string | null;
  /** The documents the declared value was found in, when the cross-check read them. */
  foundIn: string[] | null;
  registryResult: Result;
  documentsResult: Result;
  /** Whether the row is a mismatch to show: a result says so, or the values differ. */
  mismatch: boolean;
}

const LABELS: Record<string, string> = {
  legal_name: "Legal name",
  registration_number: "Registration number",
  incorporation_date: "Incorporation date",
  country: "Country",
  address: "Address",
  street: "Street",
  city: "City",
  postal_code: "Postal code",
  officers: "Officers",
  status: "Registry status",
};

const ORDER = ["legal_name", "registration_number", "incorporation_date", "country", "address", "street", "city", "postal_code", "officers"];

function text(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(text).filter(Boolean).join(", ") || null;
  return JSON.stringify(value);
}

function object(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function result(value: unknown): Result {
  const r = typeof value === "string" ? value : text(object(value)?.result);
  if (r === "match" || r === "mismatch" || r === "not_found" || r === "missing") return r;
  return r ? "mismatch" : null;
}

const normal = (v: string | null) => (v ?? "").toLocaleLowerCase().replace(/[\s.,]+/g, " ").trim();

/** A check's evidence: a pending check has none yet (the API sends `null`), read as empty. */
export function evidenceOf(check: Pick<Check, "evidence"> | null | undefined): Record<string, unknown> {
  return object(check?.evidence) ?? {};
}

/** The newest instance of a type that is not history. */
export function currentCheck(checks: readonly Check[], type: CheckType, subject = "company"): Check | null {
  const list = checks.filter((c) => c.type === type && c.subject === subject && !c.superseded_at);
  return list.sort((a, b) => b.round - a.round)[0] ?? null;
}

/** A simulated registry check names what it found only when it differs (`registered_name`). */
function simulatedRegistry(check: Check | null): Record<string, string | null> {
  if (!check || check.state !== "completed" || check.verdict === "not_found") return {};
  const ev = evidenceOf(check);
  return {
    legal_name: text(ev.registered_name) ?? text(ev.legal_name),
    registration_number: text(ev.registration_number),
  };
}

/** Declared data beside the registry's record and the documents' text, field by field. */
export function comparison(detail: Pick<CaseDetail, "form" | "checks">): CompareRow[] {
  const company = detail.form.company;
  const address = company?.address;
  const declared: Record<string, string | null> = {
    legal_name: text(company?.legal_name),
    registration_number: text(company?.registration_number),
    incorporation_date: text(company?.incorporation_date),
    country: text(company?.country),
    street: text(address?.street),
    city: text(address?.city),
    postal_code: text(address?.postal_code),
    address: [address?.street, address?.postal_code, address?.city].filter(Boolean).join(", ") || null,
  };

  const registryCheck = currentCheck(detail.checks, "registry");
  const record = object(evidenceOf(registryCheck).record);
  const registry: Record<string, string | null> = record
    ? {
        legal_name: text(record.name),
        registration_number: text(record.number),
        incorporation_date: text(record.incorporated_on),
        country: text(record.country),
        street: text(record.street),
        city: text(record.city),
        postal_code: text(record.postal_code),
        address: [record.street, record.postal_code, record.city].map(text).filter(Boolean).join(", ") || null,
      }
    : simulatedRegistry(registryCheck);

  const cross = currentCheck(detail.checks, "cross_check");
  const fields = object(evidenceOf(cross).fields) ?? {};
  const documents = object(evidenceOf(cross).documents) ?? {};

  const keys = new Set<string>();
  for (const key of Object.keys(fields)) keys.add(key);
  for (const key of Object.keys(documents)) keys.add(key);
  for (const key of ["legal_name", "registration_number", "incorporation_date", "country"]) if (declared[key] || registry[key]) keys.add(key);
  // The address is shown as one line unless the evidence compares its parts.
  const parts = ["street", "city", "postal_code"].some((k) => k in fields || k in documents);
  if (!parts && (declared.address || registry.address)) keys.add("address");
  if (parts) keys.delete("address");

  const rank = (k: string) => (ORDER.includes(k) ? ORDER.indexOf(k) : ORDER.length);
  return [...keys]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((field) => {
      const f = object(fields[field]);
      const d = object(documents[field]);
      const declaredValue = text(f?.declared) ?? text(d?.declared) ?? declared[field] ?? null;
      const registryValue = f ? text(f.registry) : (registry[field] ?? null);
      const foundIn = Array.isArray(d?.found_in) ? (d.found_in as unknown[]).map((x) => String(x)) : null;
      let registryResult = field in fields ? result(fields[field]) : null;
      if (!registryResult && declaredValue && registryValue) registryResult = normal(declaredValue) === normal(registryValue) ? "match" : "differs";
      const documentsResult = field in documents ? result(documents[field]) : null;
      const bad = (r: Result) => r === "mismatch" || r === "not_found" || r === "differs";
      return {
        field,
        label: LABELS[field] ?? words(field).replace(/^./, (c) => c.toUpperCase()),
        declared: declaredValue,
        registry: registryValue,
        foundIn,
        registryResult,
        documentsResult,
        mismatch: bad(registryResult) || bad(documentsResult),
      };
    });
}

/** Where a comparison row's value is looked for in the documents: the text to mark (the street
 * of an address, which sits on one line) and the documents to look in, most likely first. */
export function findTarget(row: CompareRow, detail: Pick<CaseDetail, "form" | "documents">): { text: string; documents: string[] } | null {
  if (row.field === "officers") return null;
  const text = row.field === "address" ? (detail.form.company?.address?.street ?? row.declared) : row.declared;
  if (!text) return null;
  const addressy = ["address", "street", "city", "postal_code"].includes(row.field);
  const likely = detail.documents
    .filter((d) => (addressy ? d.kind === "proof_of_address" : d.kind === "certificate_of_incorporation"))
    .map((d) => d.name ?? "");
  const names = [...(row.foundIn ?? []), ...likely, ...detail.documents.map((d) => d.name ?? "")].filter(Boolean);
  return { text, documents: [...new Set(names)] };
}

/** The evidence's AML hits, as the check stored them (`top_hits`). */
export interface AmlHit {
  entity_id: string;
  name: string;
  name_match_percentage: number;
  risk_score: string;
  tags: string[];
}

export function amlHits(check: Check): AmlHit[] {
  const hits = evidenceOf(check).top_hits;
  if (!Array.isArray(hits)) return [];
  return hits
    .map((h) => object(h))
    .filter((h): h is Record<string, unknown> => h !== null)
    .map((h) => ({
      entity_id: String(h.entity_id ?? ""),
      name: String(h.name ?? ""),
      name_match_percentage: Number(h.name_match_percentage ?? 0),
      risk_score: String(h.risk_score ?? ""),
      tags: Array.isArray(h.tags) ? h.tags.map(String) : [],
    }));
}
