// The open flags an approval acknowledges one by one (the server lists them on the case and
// refuses an approval that leaves one out): their words, and whether every one is ticked.
import type { components } from "../../api/schema";

export type OpenFlag = components["schemas"]["OpenFlag"];

const KINDS: Record<OpenFlag["kind"], string> = {
  to_review: "To review",
  undisposed_hit: "Potential match",
  errored_check: "Could not run",
};

export function flagKind(kind: OpenFlag["kind"] | string): string {
  return KINDS[kind as OpenFlag["kind"]] ?? String(kind);
}

/** The flags not yet acknowledged. */
export function unacknowledged(flags: readonly OpenFlag[], acknowledged: readonly string[]): OpenFlag[] {
  return flags.filter((f) => !acknowledged.includes(f.key));
}

/** The acknowledgments after ticking or unticking one, keeping only flags still open. */
export function toggleFlag(flags: readonly OpenFlag[], acknowledged: readonly string[], key: string, on: boolean): string[] {
  const next = new Set(acknowledged);
  if (on) next.add(key);
  else next.delete(key);
  return flags.map((f) => f.key).filter((k) => next.has(k));
}
