// Hit resolution's pure logic: the screened party beside the listed entity (names, dates of
// birth, nationalities, countries, type) with a verdict per row, the one risk level of a hit, and
// the dispositions with the reasons that fit each. Unit-tested; the server checks the same rules.
import type { components } from "../../api/schema";
import type { Hit } from "../../api/types";
import type { Tone } from "../../components/Badge";
import { dateRange, entityCountries } from "./explain";

type S = components["schemas"];
export type ScreenedParty = S["ScreenedParty"];
export type Disposition = S["Disposition"];
export type DispositionKind = S["DispositionKind"];
export type DispositionReason = S["DispositionReason"];

/** How one compared fact fares: the same on both sides, close, different, or not on one side. */
export type Verdict = "same" | "close" | "differs" | "unknown";

export interface ComparisonRow {
  label: string;
  party: string[];
  listed: string[];
  verdict: Verdict;
}

const VERDICTS: Record<Verdict, { label: string; tone: Tone }> = {
  same: { label: "same", tone: "bad" },
  close: { label: "close", tone: "warn" },
  differs: { label: "differs", tone: "good" },
  unknown: { label: "cannot compare", tone: "neutral" },
};

/** A verdict in words, toned for a match: alike is what argues for a true match. */
export function verdictLabel(verdict: Verdict): { label: string; tone: Tone } {
  return VERDICTS[verdict];
}

type Range = { gte?: string | null; lte?: string | null };

/** Whether a date `1985-03-02` lies in a listed range; a whole-year range is only close. */
export function dateVerdict(dob: string | null | undefined, listed: Range[]): Verdict {
  if (!dob || listed.length === 0) return "unknown";
  let close = false;
  for (const r of listed) {
    const from = r.gte?.slice(0, 10) ?? "0000-01-01";
    const to = r.lte?.slice(0, 10) ?? "9999-12-31";
    if (dob >= from && dob <= to) {
      if (from === to) return "same";
      close = true;
    } else if (dob.slice(0, 4) >= from.slice(0, 4) && dob.slice(0, 4) <= to.slice(0, 4)) {
      close = true;
    }
  }
  return close ? "close" : "differs";
}

function setVerdict(party: string[], listed: string[]): Verdict {
  if (party.length === 0 || listed.length === 0) return "unknown";
  return party.some((p) => listed.includes(p)) ? "same" : "differs";
}

function entityKind(hit: Hit): string {
  return hit.type === "Person" ? "person" : hit.type === "Organization" ? "company" : hit.type.toLowerCase();
}

/**
 * The party beside the listed entity, from the list's own fields: names (the primary first),
 * dates of birth, nationalities and citizenships, every country the entry names, and the type.
 */
export function compareParty(party: ScreenedParty, hit: Hit): ComparisonRow[] {
  const f = hit.fields;
  const names = [...(f.names ?? [])].sort((a, b) => Number(Boolean(b.primary)) - Number(Boolean(a.primary))).map((n) => n.full_name);
  const level = hit.search_metadata.name_match_level;
  const nameVerdict: Verdict = level === "FULL_MATCH" ? "same" : level === "ZERO_MATCH" ? "differs" : "close";
  const partyKind = party.kind === "case_company" ? "company" : "person";
  const nationalities = [...new Set([...(f.nationalities ?? []), ...(f.citizenships ?? [])])].sort();
  const { strong, weak } = entityCountries(hit);
  const countries = [...strong, ...weak];
  const partyCountries = [...new Set([...(party.countries ?? []), ...(party.nationalities ?? [])])];
  const rows: ComparisonRow[] = [
    { label: "Name", party: [party.name], listed: names.slice(0, 6), verdict: nameVerdict },
    { label: "Type", party: [partyKind], listed: [entityKind(hit)], verdict: partyKind === entityKind(hit) ? "same" : "differs" },
  ];
  if (partyKind === "person" || (f.dates_of_birth ?? []).length > 0) {
    rows.push({
      label: "Date of birth",
      party: party.date_of_birth ? [party.date_of_birth] : [],
      listed: (f.dates_of_birth ?? []).map((d) => dateRange(d)),
      verdict: dateVerdict(party.date_of_birth, f.dates_of_birth ?? []),
    });
    rows.push({ label: "Nationality", party: [...(party.nationalities ?? [])], listed: nationalities, verdict: setVerdict(party.nationalities ?? [], nationalities) });
  }
  rows.push({ label: "Countries", party: [...(party.countries ?? [])], listed: countries, verdict: setVerdict(partyCountries, countries) });
  return rows;
}

/**
 * A hit's one risk level: the risk the list gives the entity. The match level says how alike
 * the names and details are, not how risky the entity is, and is shown as the match's strength.
 */
export function hitRisk(hit: Pick<Hit, "risk_score">): string {
  return hit.risk_score;
}

export const DISPOSITIONS: { value: DispositionKind; label: string; tone: Tone }[] = [
  { value: "true_match", label: "True match", tone: "bad" },
  { value: "false_positive", label: "False positive", tone: "good" },
  { value: "needs_more_information", label: "Needs more information", tone: "warn" },
];

export function dispositionLabel(kind: DispositionKind | string): { label: string; tone: Tone } {
  return DISPOSITIONS.find((d) => d.value === kind) ?? { label: String(kind), tone: "neutral" };
}

const REASONS: { value: DispositionReason; label: string; fits: DispositionKind[] }[] = [
  { value: "details_match", label: "Name, date of birth and nationality agree", fits: ["true_match"] },
  { value: "identifier_matches", label: "An identifier is the same", fits: ["true_match"] },
  { value: "date_of_birth_differs", label: "The dates of birth differ", fits: ["false_positive"] },
  { value: "nationality_differs", label: "The nationalities or countries differ", fits: ["false_positive"] },
  { value: "entity_type_differs", label: "A person against a company (or the reverse)", fits: ["false_positive"] },
  { value: "name_only", label: "Only the name is alike", fits: ["false_positive"] },
  { value: "insufficient_list_data", label: "The list holds too little to compare", fits: ["needs_more_information"] },
  { value: "awaiting_documents", label: "Waiting for a document from the party", fits: ["needs_more_information"] },
  { value: "other", label: "Other (say why in the note)", fits: ["true_match", "false_positive", "needs_more_information"] },
];

/** The reasons that explain a disposition. */
export function reasonsFor(kind: DispositionKind): { value: DispositionReason; label: string }[] {
  return REASONS.filter((r) => r.fits.includes(kind)).map(({ value, label }) => ({ value, label }));
}

export function reasonLabel(reason: DispositionReason | string): string {
  return REASONS.find((r) => r.value === reason)?.label ?? String(reason);
}

/** The reason the comparison suggests for a disposition, if one row makes it plain. */
export function suggestedReason(kind: DispositionKind, rows: ComparisonRow[]): DispositionReason | "" {
  const row = (label: string) => rows.find((r) => r.label === label)?.verdict;
  if (kind === "false_positive") {
    if (row("Type") === "differs") return "entity_type_differs";
    if (row("Date of birth") === "differs") return "date_of_birth_differs";
    if (row("Nationality") === "differs" || row("Countries") === "differs") return "nationality_differs";
    return "";
  }
  if (kind === "true_match") return row("Date of birth") === "same" ? "details_match" : "";
  return rows.every((r) => r.label === "Name" || r.label === "Type" || r.verdict === "unknown") ? "insufficient_list_data" : "";
}

/** Whether a hit still counts as a potential match (no disposition, or "needs more information"). */
export function isOpen(hit: Pick<Hit, "disposition">): boolean {
  return !hit.disposition || hit.disposition.disposition === "needs_more_information";
}

/** "for case KYB-…" or "for applicant …": whom a screening was for, in words. */
export function screenedFor(party: ScreenedParty | null | undefined): string | null {
  if (!party) return null;
  if (party.case_public_id) return `for case ${party.case_public_id}`;
  return party.name ? `for ${party.name}` : null;
}
