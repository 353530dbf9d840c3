// Formatting shared by every view: times in the user's locale and time zone with the zone shown
// (UTC on hover), counts, sizes. Every time in the console goes through `localTime` (or
// `clockTime` for a time of today), so there is one format: `27 Nov 2026, 14:05 CET`.

/** Where times are shown: the reviewer's locale and time zone unless a test says otherwise. */
export interface Where {
  locale?: string;
  timeZone?: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale, zone and kind, made once. */
function formatter(kind: "minute" | "second" | "date" | "clock", where: Where): Intl.DateTimeFormat {
  const key = `${kind}|${where.locale ?? ""}|${where.timeZone ?? ""}`;
  let f = formats.get(key);
  if (!f) {
    const date = { year: "numeric", month: "short", day: "numeric" } as const;
    const clock = { hour: "2-digit", minute: "2-digit", timeZoneName: "short" } as const;
    const options: Intl.DateTimeFormatOptions =
      kind === "date" ? date : kind === "clock" ? clock : kind === "second" ? { ...date, ...clock, second: "2-digit" } : { ...date, ...clock };
    f = new Intl.DateTimeFormat(where.locale, { ...options, timeZone: where.timeZone });
    formats.set(key, f);
  }
  return f;
}

const number = new Intl.NumberFormat();

function parse(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = typeof value === "number" ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The time in the user's locale and time zone with the zone, to the minute (or to the second, `precise`). */
export function localTime(value: string | number | null | undefined, precise = false, where: Where = {}): string {
  const date = parse(value);
  if (!date) return "—";
  return formatter(precise ? "second" : "minute", where).format(date);
}

/** The time of day only, with the zone (`14:05 CET`): for a time within the next hours. */
export function clockTime(value: string | number | Date | null | undefined, where: Where = {}): string {
  const date = value instanceof Date ? value : parse(value);
  return date ? formatter("clock", where).format(date) : "—";
}

/**
 * A date without its time. A calendar date (`1984-02-03`: a date of birth, an expiry) is that
 * day wherever the reviewer is; an instant is its day in the reviewer's time zone.
 */
export function localDate(value: string | null | undefined, where: Where = {}): string {
  if (value && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = parse(`${value}T00:00:00Z`);
    return date ? formatter("date", { ...where, timeZone: "UTC" }).format(date) : "—";
  }
  const date = parse(value);
  return date ? formatter("date", where).format(date) : "—";
}

/** The same instant in UTC, ISO 8601, for hovering and copying. */
export function utcTime(value: string | number | null | undefined): string {
  const date = parse(value);
  return date ? date.toISOString().replace(".000Z", "Z") : "";
}

export function count(n: number | null | undefined): string {
  return n === null || n === undefined ? "—" : number.format(n);
}

/** `1 entity`, `2 entities`: a count with its noun, singular or plural. */
export function plural(n: number | null | undefined, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** `2 h 5 min` from seconds, signed: how far the sandbox clock is from real time. */
export function duration(seconds: number): string {
  const sign = seconds < 0 ? "−" : "+";
  let rest = Math.abs(Math.round(seconds));
  if (rest < 1) return "0 s";
  const parts: string[] = [];
  for (const [unit, size] of [["d", 86400], ["h", 3600], ["min", 60], ["s", 1]] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)} ${unit}`);
      rest %= size;
    }
    if (parts.length === 2) break;
  }
  return sign + parts.join(" ");
}

/** Pretty-prints a body if it is JSON, else returns it as is. */
export function prettyBody(body: string | null | undefined): string {
  if (!body) return "";
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** A person's or an organization's display name from what the API returns. */
export function displayName(info: { full_name?: string | null; first_name?: string | null; last_name?: string | null } | null | undefined): string {
  if (!info) return "";
  if (info.full_name) return info.full_name;
  return [info.first_name, info.last_name].filter(Boolean).join(" ");
}

/**
 * A short form of an id, for a column too narrow for all of it: its last eight characters.
 * Docket's ids are time-ordered UUIDs (v7), whose first characters are the creation time, the
 * same for everything made within about a minute; the last ones are random.
 */
export function shortId(id: string): string {
  return id.length > 8 ? `…${id.slice(-8)}` : id;
}
