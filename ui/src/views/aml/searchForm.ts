// The AML search form's state and how it becomes `POST /api/v3/aml/search`'s body. Pure, so it
// is unit-tested; the server checks everything again.
import type { EntityType, RiskScore, SearchRequest, Snapshot, Tag } from "../../api/types";

export type NameMode = 0 | 1 | 2;
export type EntityGender = "Male" | "Female" | "Other";

export interface SearchForm {
  full_name: string;
  first_name: string;
  last_name: string;
  /** Lists as typed: comma, semicolon, newline or space separated. */
  countries: string;
  cities: string;
  postal_codes: string;
  registration_ids: string;
  /** `exact`: one day (`dob_from` only); `range`: `dob_from` to `dob_to`, either end open. */
  dob_mode: "exact" | "range";
  dob_from: string;
  dob_to: string;
  gender: "" | EntityGender;
  risk_scores: RiskScore[];
  tags: Tag[];
  entity_types: EntityType[];
  sources: string[];
  /** Source ids not offered as checkboxes, typed. */
  other_sources: string;
  fuzziness: boolean;
  fuzziness_level: number;
  phonetics: boolean;
  mode: NameMode;
  /** Most hits, 1 to 100; empty for the server's default (50). */
  limit: string;
}

export const EMPTY_SEARCH: SearchForm = {
  full_name: "",
  first_name: "",
  last_name: "",
  countries: "",
  cities: "",
  postal_codes: "",
  registration_ids: "",
  dob_mode: "exact",
  dob_from: "",
  dob_to: "",
  gender: "",
  risk_scores: [],
  tags: [],
  entity_types: [],
  sources: [],
  other_sources: "",
  fuzziness: true,
  fuzziness_level: 1,
  phonetics: true,
  mode: 0,
  limit: "",
};

export const RISK_SCORES: RiskScore[] = ["High", "Medium", "Low"];
export const ENTITY_TYPES: EntityType[] = ["Person", "Organization", "Vessel", "Aircraft", "CryptoWallet", "Country"];
export const TAGS: Tag[] = [
  "Sanctions",
  "PEP",
  "Terrorism",
  "Criminal",
  "Finance",
  "Legal",
  "Media",
  "Debarred",
  "RegulatoryWarning",
  "Associate",
  "PublicInterest",
  "CompanyRegistry",
  "Leaks",
  "Social",
  "UnofficialSource",
];
export const GENDERS: EntityGender[] = ["Male", "Female", "Other"];

/** The three name modes, in the guide's words. */
export const MODES: { value: NameMode; label: string; help: string }[] = [
  {
    value: 0,
    label: "Auto",
    help: "With a first and a last name, both forms are matched (first + last, and the full name) and the better counts; otherwise the full name.",
  },
  { value: 1, label: "Full name only", help: "Only the full name is matched; first and last names are ignored." },
  { value: 2, label: "First and last names only", help: "Only the first and last names, together, are matched; both are needed." },
];

/** The sandbox's magic names and what each always gives (see the API reference). */
export const MAGIC_NAMES: { name: string; outcome: string }[] = [
  { name: "Ivan Sanctionov", outcome: "one High sanctions hit" },
  { name: "Petra Politikova", outcome: "one Medium PEP hit" },
  { name: "Marco Medialli", outcome: "one Low adverse-media hit" },
  { name: "Clara Cleanfield", outcome: "no hits" },
];

/** The name score a hit must reach at a fuzziness level: `1 − 0.25 × level` (1 when exact). */
export function threshold(fuzziness: boolean, level: number): number {
  return fuzziness ? 1 - 0.25 * level : 1;
}

/** Splits a typed list on commas, semicolons and new lines; with `spaces`, on spaces too. */
export function splitList(text: string, spaces = true): string[] {
  const parts = text.split(spaces ? /[\s,;]+/ : /[,;\n]+/);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of parts) {
    const value = part.trim();
    if (value && !seen.has(value)) {
      seen.add(value);
      out.push(value);
    }
  }
  return out;
}

/** Cities may have spaces (`New York`), so only commas, semicolons and new lines separate them. */
const splitCities = (text: string) => splitList(text, false);

/** `1987-12-24` → the date-time at midnight UTC the public API writes. */
export function dateBound(date: string): string | null {
  const text = date.trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00.000Z` : null;
}

/** The date part of a date bound, for the date inputs. */
export function dateInput(bound: string | null | undefined): string {
  return bound && /^\d{4}-\d{2}-\d{2}/.test(bound) ? bound.slice(0, 10) : "";
}

function text(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

function list<T>(values: T[]): T[] | undefined {
  return values.length ? values : undefined;
}

export function dobFilter(form: SearchForm): SearchRequest["date_of_birth"] | undefined {
  const from = dateBound(form.dob_from);
  if (form.dob_mode === "exact") return from ? { gte: from, lte: from } : undefined;
  const to = dateBound(form.dob_to);
  if (!from && !to) return undefined;
  return { ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) };
}

export function allSources(form: SearchForm): string[] {
  return [...new Set([...form.sources, ...splitList(form.other_sources).map((s) => s.toUpperCase())])];
}

/** The body of `POST /api/v3/aml/search`: empty names, lists and filters are left out. */
export function toSearchRequest(form: SearchForm): SearchRequest {
  const limit = form.limit.trim() === "" ? undefined : Number(form.limit);
  const body: Record<string, unknown> = {
    full_name: form.full_name.trim(),
    first_name: text(form.first_name),
    last_name: text(form.last_name),
    countries: list(splitList(form.countries).map((c) => c.toUpperCase())),
    cities: list(splitCities(form.cities)),
    postal_codes: list(splitList(form.postal_codes)),
    registration_ids: list(splitList(form.registration_ids)),
    date_of_birth: dobFilter(form),
    gender: form.gender || undefined,
    risk_scores: list(form.risk_scores),
    tags: list(form.tags),
    entity_types: list(form.entity_types),
    sources: list(allSources(form)),
    fuzziness: form.fuzziness,
    fuzziness_level: form.fuzziness ? form.fuzziness_level : undefined,
    phonetics: form.phonetics,
    mode: form.mode,
    limit,
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as SearchRequest;
}

/** The form that sends a request again: a stored report's `request`, for a new search from it. */
export function fromRequest(request: Partial<SearchRequest> | null | undefined): SearchForm {
  if (!request) return EMPTY_SEARCH;
  const dob = request.date_of_birth;
  const from = dateInput(dob?.gte);
  const to = dateInput(dob?.lte);
  const exact = Boolean(from) && from === to;
  const mode = request.mode;
  return {
    full_name: request.full_name ?? "",
    first_name: request.first_name ?? "",
    last_name: request.last_name ?? "",
    countries: (request.countries ?? []).join(", "),
    cities: (request.cities ?? []).join(", "),
    postal_codes: (request.postal_codes ?? []).join(", "),
    registration_ids: (request.registration_ids ?? []).join(", "),
    dob_mode: exact || (!from && !to) ? "exact" : "range",
    dob_from: from,
    dob_to: exact ? "" : to,
    gender: request.gender ?? "",
    risk_scores: request.risk_scores ?? [],
    tags: request.tags ?? [],
    entity_types: request.entity_types ?? [],
    sources: request.sources ?? [],
    other_sources: "",
    fuzziness: request.fuzziness ?? true,
    fuzziness_level: request.fuzziness_level ?? 1,
    phonetics: request.phonetics ?? true,
    mode: mode === 1 || mode === 2 ? mode : 0,
    limit: request.limit === null || request.limit === undefined ? "" : String(request.limit),
  };
}

export type SearchProblems = Partial<Record<keyof SearchForm, string>>;

/** What must be fixed before sending, by field: the server's own bounds, said in advance. */
export function searchProblems(form: SearchForm): SearchProblems {
  const found: SearchProblems = {};
  const name = form.full_name.trim();
  if (!name) found.full_name = "Enter the name to search for.";
  else if ([...name].length > 200) found.full_name = "Use at most 200 characters.";
  else if (!/[\p{L}\p{N}]/u.test(name)) found.full_name = "The name needs letters or digits.";
  for (const key of ["first_name", "last_name"] as const) {
    if ([...form[key].trim()].length > 100) found[key] = "Use at most 100 characters.";
  }
  if (form.mode === 2 && (!form.first_name.trim() || !form.last_name.trim())) {
    found.mode = "“First and last names only” needs both a first and a last name.";
  }
  const countries = splitList(form.countries);
  const bad = countries.filter((c) => !/^[A-Za-z]{2}$/.test(c));
  if (bad.length) found.countries = `Use two-letter ISO 3166 codes, such as DE (not ${bad.slice(0, 3).join(", ")}).`;
  else if (countries.length > 50) found.countries = "At most 50 countries.";
  const cities = splitCities(form.cities);
  if (cities.length > 50) found.cities = "At most 50 cities.";
  else if (cities.some((c) => [...c].length > 100)) found.cities = "A city has at most 100 characters.";
  const postal = splitList(form.postal_codes);
  if (postal.length > 50) found.postal_codes = "At most 50 postal codes.";
  else if (postal.some((p) => p.length > 20)) found.postal_codes = "A postal code has at most 20 characters.";
  const ids = splitList(form.registration_ids);
  if (ids.length > 20) found.registration_ids = "At most 20 identifiers.";
  else if (ids.some((r) => r.length > 64)) found.registration_ids = "An identifier has at most 64 characters.";
  if (form.dob_from && !dateBound(form.dob_from)) found.dob_from = "Use YYYY-MM-DD.";
  if (form.dob_mode === "range") {
    if (form.dob_to && !dateBound(form.dob_to)) found.dob_to = "Use YYYY-MM-DD.";
    else if (form.dob_from && form.dob_to && form.dob_from > form.dob_to) found.dob_to = "The end comes before the start.";
  }
  const others = splitList(form.other_sources);
  if (others.some((s) => !/^[A-Za-z0-9_]+$/.test(s))) found.other_sources = "Source ids are letters, digits and _, such as US_OFAC_SDN.";
  else if (allSources(form).length > 200) found.other_sources = "At most 200 sources.";
  if (form.limit.trim() !== "") {
    const limit = Number(form.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) found.limit = "A whole number from 1 to 100.";
  }
  return found;
}

/** Short descriptions of the options set beyond the name, for a folded options panel. */
export function activeOptions(form: SearchForm): string[] {
  const out: string[] = [];
  const add = (label: string, values: string[]) => values.length && out.push(`${label}: ${values.join(", ")}`);
  add("Countries", splitList(form.countries).map((c) => c.toUpperCase()));
  add("Cities", splitCities(form.cities));
  add("Postal codes", splitList(form.postal_codes));
  add("Identifiers", splitList(form.registration_ids));
  const dob = dobFilter(form);
  if (dob) {
    const from = dateInput(dob.gte);
    const to = dateInput(dob.lte);
    out.push(from === to ? `Born ${from}` : `Born ${from || "…"} to ${to || "…"}`);
  }
  if (form.gender) out.push(`Gender: ${form.gender}`);
  add("Risk", form.risk_scores);
  add("Types", form.entity_types);
  add("Tags", form.tags);
  add("Sources", allSources(form));
  if (!form.fuzziness) out.push("Exact names only");
  else if (form.fuzziness_level !== 1) out.push(`Fuzziness ${form.fuzziness_level.toFixed(2)}`);
  if (!form.phonetics) out.push("No phonetics");
  if (form.mode !== 0) out.push(MODES[form.mode]?.label ?? `Mode ${form.mode}`);
  if (form.limit.trim()) out.push(`At most ${form.limit.trim()} hits`);
  return out;
}

/** Source ids each list format yields (the guide's Watchlists table; the demo list's own). */
export const FORMAT_SOURCES: Record<string, string[]> = {
  demo: ["US_OFAC_SDN", "UN_SCC", "EU_FINANCIAL", "UK_OFSI", "CH_SECO", "EVERYPOLITICIAN", "WIKIDATA", "RUPEP", "INTERPOL_RED", "WORLDBANK_DP", "OPENCORPORATES", "RANSOMWHERE_WALLETS"],
  "us-csl": ["US_OFAC_SDN", "US_OFAC_CONS", "US_BIS_DENIED", "US_BIS_ENTITY", "US_BIS_MEU", "US_BIS_UNVERIFIED", "US_DDTC_DEBARRED", "US_STATE_ISN"],
  "ofac-sdn": ["US_OFAC_SDN"],
  "un-xml": ["UN_SCC"],
  ftm: ["US_OFAC_SDN", "US_OFAC_CONS", "UN_SCC", "EU_FINANCIAL", "UK_OFSI", "CH_SECO", "AU_SDN", "INTERPOL_RED", "INTERPOL_YELLOW", "EVERYPOLITICIAN", "WIKIDATA", "WORLDBANK_DP", "US_BIS_DENIED", "UA_NSDC", "RUPEP"],
};

/** The source ids to offer: those of the lists in use, sorted, plus any already chosen. */
export function sourceChoices(snapshots: Pick<Snapshot, "format" | "active">[], chosen: string[] = []): string[] {
  const ids = new Set<string>(chosen);
  for (const s of snapshots) {
    if (!s.active) continue;
    for (const id of FORMAT_SOURCES[s.format] ?? []) ids.add(id);
  }
  return [...ids].sort();
}

/** Adds or removes one value of a checkbox group, keeping the given order. */
export function toggle<T>(values: T[], value: T, on: boolean, order?: readonly T[]): T[] {
  const next = on ? (values.includes(value) ? values : [...values, value]) : values.filter((v) => v !== value);
  return order ? order.filter((v) => next.includes(v)).concat(next.filter((v) => !order.includes(v))) : next;
}

/** How to find more when a search matched nothing, from the request that was sent. */
export function loosenHints(request: Partial<SearchRequest> | null | undefined): string[] {
  if (!request) return [];
  const hints: string[] = [];
  if (request.fuzziness === false) hints.push("turn fuzziness on");
  else if (request.fuzziness_level !== null && request.fuzziness_level !== undefined && request.fuzziness_level < 1) {
    hints.push(`raise the fuzziness level (it was ${request.fuzziness_level.toFixed(2)})`);
  }
  if (request.phonetics === false) hints.push("turn phonetics on");
  if (request.mode === 1 || request.mode === 2) hints.push("match in Auto mode");
  const filters: [keyof SearchRequest, string][] = [
    ["countries", "countries"],
    ["cities", "cities"],
    ["postal_codes", "postal codes"],
    ["date_of_birth", "date of birth"],
    ["gender", "gender"],
    ["risk_scores", "risk scores"],
    ["tags", "tags"],
    ["entity_types", "entity types"],
    ["sources", "sources"],
  ];
  const set = filters.filter(([key]) => {
    const v = request[key];
    return v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0);
  });
  if (set.length) hints.push(`remove filters (${set.map(([, label]) => label).join(", ")})`);
  if (request.limit !== null && request.limit !== undefined && request.limit < 5) hints.push("allow more hits");
  return hints;
}
