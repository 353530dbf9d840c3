// SLA and age words for the queue and the case file, against the environment's clock (the
// sandbox clock may be moved). Pure, so tested.
import type { Tone } from "../../components/Badge";

/** A span as the one or two largest units: `2 d 4 h`, `3 h 20 min`, `45 min`, `under 1 min`. */
export function span(ms: number): string {
  let rest = Math.floor(Math.abs(ms) / 60_000);
  if (rest < 1) return "under 1 min";
  const parts: string[] = [];
  for (const [unit, size] of [["d", 1440], ["h", 60], ["min", 1]] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)} ${unit}`);
      rest %= size;
    } else if (parts.length > 0) break;
    if (parts.length === 2) break;
  }
  return parts.join(" ");
}

export interface SlaState {
  /** `late`: checks past their SLA, which no reviewer can act on. */
  state: "none" | "ok" | "soon" | "breached" | "late";
  /** `due in 3 h 20 min`, `breached 2 d 4 h ago`, `no SLA`. */
  text: string;
  /** The same in two parts, for narrow cells: `breached` + `2 d 4 h ago`, `due` + `in 3 h 20 min`. */
  label: string;
  when: string;
  tone: Tone;
}

/** Due within this long counts as "due soon". */
export const SOON_MS = 4 * 3600_000;

/** Where a case stands against its stage's SLA at `now` (epoch ms), or "unknown" before the clock is read. */
export function sla(dueAt: string | null | undefined, now: number | null): SlaState {
  if (!dueAt) return { state: "none", text: "no SLA", label: "no SLA", when: "", tone: "neutral" };
  const due = Date.parse(dueAt);
  if (Number.isNaN(due) || now === null) return { state: "ok", text: "due", label: "due", when: "", tone: "neutral" };
  const left = due - now;
  if (left <= 0) return { state: "breached", text: `breached ${span(-left)} ago`, label: "breached", when: `${span(-left)} ago`, tone: "bad" };
  if (left <= SOON_MS) return { state: "soon", text: `due in ${span(left)}`, label: "due soon", when: `in ${span(left)}`, tone: "warn" };
  return { state: "ok", text: `due in ${span(left)}`, label: "on time", when: `in ${span(left)}`, tone: "good" };
}

/**
 * A case's SLA as the queue shows it. Checks that run late are nobody's breach on the desk (a
 * reviewer cannot act on them): they read "checks late" in a neutral tone, and an admin sees
 * them in the stuck checks view.
 */
export function caseSla(c: { status: string; review?: { sla_due_at?: string | null } | null }, now: number | null): SlaState {
  const state = sla(c.review?.sla_due_at, now);
  if (c.status === "under_review" && state.state === "breached") return { ...state, state: "late", text: `checks late by ${state.when.replace(/ ago$/, "")}`, label: "checks late", tone: "neutral" };
  return state;
}

/** How long ago something happened (`3 d 2 h`), or an empty string before the clock is read. */
export function age(since: string | null | undefined, now: number | null): string {
  if (!since || now === null) return "";
  const at = Date.parse(since);
  return Number.isNaN(at) ? "" : span(Math.max(0, now - at));
}

/** Minutes as a readable span (the metrics' median time to decision). */
export function minutes(value: number | null | undefined): string {
  return value === null || value === undefined ? "—" : span(value * 60_000);
}

/** A 0..1 rate as a whole percentage, or a dash when nothing was decided. */
export function rate(value: number | null | undefined): string {
  return value === null || value === undefined ? "—" : `${Math.round(value * 100)}%`;
}
