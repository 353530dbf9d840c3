// Words, tones and numbers for AML results: match levels, filter outcomes, token pairs, FATF
// statuses, entity countries and dates. Pure, so it is unit-tested.
import type { Entity, Explanation, FatfRecord, Hit } from "../../api/types";
import type { Tone } from "../../components/Badge";

type MatchLevel = Hit["search_metadata"]["name_match_level"];
type FilterMatch = Hit["search_metadata"]["country_matched"];
type Method = Explanation["name"]["matches"][number]["method"];
type FatfStatus = FatfRecord["fatf_status"];
type DateRange = { gte?: string | null; lte?: string | null };

const LEVELS: Record<MatchLevel, { label: string; tone: Tone; help: string }> = {
  FULL_MATCH: { label: "Full match", tone: "bad", help: "The same name tokens" },
  HIGH: { label: "High", tone: "bad", help: "Name score 90 or above" },
  MEDIUM: { label: "Medium", tone: "warn", help: "Name score 80 or above" },
  LOW: { label: "Low", tone: "info", help: "Name score 60 or above" },
  NOT_ENOUGH_DATA: { label: "Not enough data", tone: "neutral", help: "A one-word query against a longer name" },
  ZERO_MATCH: { label: "No match", tone: "neutral", help: "The name does not match" },
};

export function matchLevel(level: MatchLevel | string): { label: string; tone: Tone; help: string } {
  return LEVELS[level as MatchLevel] ?? { label: String(level), tone: "neutral", help: "" };
}

const FILTERS: Record<FilterMatch, { label: string; tone: Tone; help: string }> = {
  FILTER_NOT_SET: { label: "not filtered", tone: "neutral", help: "The search did not filter on this." },
  MATCH: { label: "matches", tone: "good", help: "The entity's data matches the filter." },
  PARTIAL_MATCH: { label: "partly matches", tone: "warn", help: "A year-only date overlapping, or a country of birth rather than citizenship." },
  NO_MATCH: { label: "no data", tone: "warn", help: "The entity holds no such data to compare with; this lowers the overall level." },
};

export function filterOutcome(match: FilterMatch | string): { label: string; tone: Tone; help: string } {
  return FILTERS[match as FilterMatch] ?? { label: String(match), tone: "neutral", help: "" };
}

const METHODS: Record<Method, string> = {
  exact: "exact",
  fuzzy: "fuzzy (spelling)",
  phonetic: "sounds alike",
  skeleton: "same consonants",
  initial: "initial",
  joined: "joined tokens",
};

export function methodLabel(method: Method | string): string {
  return METHODS[method as Method] ?? String(method);
}

/** A 0..1 similarity or score as two decimals: `0.96`. */
export function similarity(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : "—";
}

/** A 0..100 percentage without a needless `.0`: `96.5`, `100`. */
export function percentage(value: number): string {
  if (!Number.isFinite(value)) return "—";
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** A score bar's width, clamped to 0..100%. */
export function barWidth(percent: number): string {
  return `${Math.max(0, Math.min(100, Number.isFinite(percent) ? percent : 0))}%`;
}

/** The explanation's evidence as lines a reviewer reads, for copying or a screen reader. */
export function explanationLines(explanation: Explanation): string[] {
  const lines = [explanation.summary, `“${explanation.query_name}” met “${explanation.listed_name}”: score ${similarity(explanation.name.score)} (threshold ${similarity(explanation.threshold)})`];
  for (const m of explanation.name.matches) lines.push(`${m.query} → ${m.listed}: ${similarity(m.similarity)} ${methodLabel(m.method)}`);
  if (explanation.name.unmatched_query.length) lines.push(`Query tokens not on the list: ${explanation.name.unmatched_query.join(", ")}`);
  if (explanation.name.unmatched_listed.length) lines.push(`Listed tokens not in the query: ${explanation.name.unmatched_listed.join(", ")}`);
  if (explanation.identifier_match) lines.push(`Shared identifier: ${explanation.identifier_match}`);
  return lines;
}

const FATF: Record<FatfStatus, { label: string; tone: Tone; rank: number }> = {
  CallForAction: { label: "Call for action", tone: "bad", rank: 0 },
  IncreasedMonitoring: { label: "Increased monitoring", tone: "warn", rank: 1 },
  FatfMember: { label: "FATF member", tone: "good", rank: 2 },
  NotListed: { label: "Not listed", tone: "neutral", rank: 3 },
};

export const FATF_STATUSES = Object.keys(FATF) as FatfStatus[];

export function fatfStatus(status: FatfStatus | string): { label: string; tone: Tone; rank: number } {
  return FATF[status as FatfStatus] ?? { label: String(status), tone: "neutral", rank: 9 };
}

let regionNames: Intl.DisplayNames | null | undefined;

/** `DE` → `Germany`, in the user's language; the code itself when unknown. */
export function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(undefined, { type: "region" });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** FATF records with the worst status first, then by country, filtered by text and status. */
export function filterFatf(records: FatfRecord[], query: string, status: string): FatfRecord[] {
  const q = query.trim().toLowerCase();
  return records
    .filter((r) => !status || r.fatf_status === status)
    .filter((r) => !q || r.country.toLowerCase() === q || countryName(r.country).toLowerCase().includes(q) || r.description.toLowerCase().includes(q))
    .sort((a, b) => fatfStatus(a.fatf_status).rank - fatfStatus(b.fatf_status).rank || a.country.localeCompare(b.country));
}

/**
 * The countries an entity is linked with, as the server links them for FATF records: `strong`
 * (citizenship, nationality, address, identifier) and `weak` (birth, political role, media).
 */
export function entityCountries(entity: Pick<Entity, "fields">): { strong: string[]; weak: string[] } {
  const f = entity.fields;
  const strong = new Set<string>([...(f.citizenships ?? []), ...(f.nationalities ?? [])]);
  for (const a of f.addresses ?? []) if (a.country) strong.add(a.country);
  for (const r of f.registration_ids ?? []) if (r.country) strong.add(r.country);
  const weak = new Set<string>();
  for (const p of f.places_of_birth ?? []) if (p.country) weak.add(p.country);
  for (const r of f.political_roles ?? []) if (r.country) weak.add(r.country);
  for (const m of f.media ?? []) for (const c of m.country_codes ?? []) weak.add(c);
  return { strong: [...strong].sort(), weak: [...weak].filter((c) => !strong.has(c)).sort() };
}

/** The entity's primary name (or its first). */
export function primaryName(entity: Pick<Entity, "fields">): string {
  const names = entity.fields.names ?? [];
  return (names.find((n) => n.primary) ?? names[0])?.full_name ?? "(no name)";
}

const day = (iso: string) => iso.slice(0, 10);

/** A date known to lie in a range: `1983` for a whole year, `1970-01-01` for a day, else `from – to`. */
export function dateRange(range: DateRange | null | undefined): string {
  if (!range) return "—";
  const from = range.gte ? day(range.gte) : null;
  const to = range.lte ? day(range.lte) : null;
  if (from && to) {
    if (from === to) return from;
    if (from.slice(0, 4) === to.slice(0, 4) && from.endsWith("-01-01") && to.endsWith("-12-31")) return from.slice(0, 4);
    if (from.slice(0, 7) === to.slice(0, 7) && from.endsWith("-01")) return from.slice(0, 7);
    return `${from} – ${to}`;
  }
  if (from) return `${from} or later`;
  if (to) return `${to} or earlier`;
  return "—";
}

/** A place as one line: `Isfahan, IR`. */
export function place(location: { address?: string | null; city?: string | null; postal_code?: string | null; region?: string | null; country?: string | null }): string {
  const parts = [location.address, [location.postal_code, location.city].filter(Boolean).join(" "), location.region, location.country];
  return parts.filter((p) => p && p.trim()).join(", ") || "—";
}

/** Unix seconds → ISO 8601, for `<Time>`. */
export function fromUnix(seconds: number | null | undefined): string | null {
  return seconds === null || seconds === undefined ? null : new Date(seconds * 1000).toISOString();
}

/** A sentiment of -1..1 in words. */
export function sentiment(value: number): { label: string; tone: Tone } {
  if (value <= -0.5) return { label: "hostile", tone: "bad" };
  if (value < -0.1) return { label: "negative", tone: "warn" };
  if (value <= 0.1) return { label: "neutral", tone: "neutral" };
  return { label: "favourable", tone: "good" };
}

/** The first 12 characters of a SHA-256, or a dash. */
export function shortHash(sha: string | null | undefined): string {
  return sha ? sha.slice(0, 12) : "—";
}
