// Non-document checks: the request body in the public shape for a chosen identifier, and the
// tone of each status. The server decides every step; this only names and colours them.
import type { Tone } from "../../components/Badge";

export type IdTypeChoice = { id_type: string; verification_type: string };

/** The body of `POST /api/v4/nondoc/{applicant_id}/verify` for an identifier and a number. */
export function verifyBody(choice: IdTypeChoice, number: string): { verification_type: string; request_data: Record<string, string> } {
  const n = number.trim();
  if (choice.verification_type === "NONDOC_NIGERIA_BVN_BASIC") return { verification_type: choice.verification_type, request_data: { bvn: n } };
  if (choice.verification_type === "NONDOC_NIGERIA_NIN") return { verification_type: choice.verification_type, request_data: { nin: n } };
  return { verification_type: choice.verification_type, request_data: { id_type: choice.id_type, number: n } };
}

export function checkTone(status: string): Tone {
  if (status === "passed") return "good";
  if (status === "failed") return "bad";
  if (status === "needs_review" || status === "error") return "warn";
  return "neutral";
}

const STEP_NAMES: Record<string, string> = {
  format: "Format",
  check_digits: "Check digits",
  birth_date: "Birth date",
  sex: "Sex",
  registry_lookup: "Registry",
};

export function stepName(step: string): string {
  return STEP_NAMES[step] ?? step;
}

/** `needs_review` → `needs review`, `not_applicable` → `not applicable`. */
export function statusLabel(status: string): string {
  return status.replaceAll("_", " ");
}
