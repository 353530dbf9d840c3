// What the console says of the audit chain's last verification: the banner on every page while a
// problem waits for an admin's acknowledgement. Pure, so tested.
import type { ChainVerification } from "../api/types";

type Shown = Pick<ChainVerification, "problems" | "unacknowledged">;

/** The problems no admin has acknowledged yet, in the order the chain is read. */
export function unacknowledged(verification: Shown): Shown["problems"] {
  return verification.problems.filter((p) => !p.acknowledged);
}

/** The banner's words while the chain has a problem no admin acknowledged; null otherwise. */
export function chainAlarm(verification: Shown | null | undefined): string | null {
  if (!verification || verification.unacknowledged === 0) return null;
  const n = verification.unacknowledged;
  const first = unacknowledged(verification)[0];
  const where = first ? `, the first at event #${first.seq}` : "";
  return `The audit chain is broken: ${n === 1 ? "one problem" : `${n} problems`} not acknowledged${where}.`;
}
