// The document review's pure rules in the console: field names, how a comparison reads, the
// undo countdown on the server's clock, and the reading a reviewer sends.
import type { FieldComparison, FieldMatch, ReadingFields } from "../../api/types";
import type { Tone } from "../../components/Badge";

export type ReadField = keyof ReadingFields;

export const READ_FIELDS: { key: ReadField; label: string; placeholder: string }[] = [
  { key: "full_name", label: "Full name", placeholder: "As printed" },
  { key: "birth_date", label: "Date of birth", placeholder: "YYYY-MM-DD" },
  { key: "nationality", label: "Nationality", placeholder: "DEU" },
  { key: "document_number", label: "Document number", placeholder: "C01X00T47" },
  { key: "expiry_date", label: "Expiry date", placeholder: "YYYY-MM-DD" },
];

export function matchTone(m: FieldMatch): Tone {
  return m === "match" ? "good" : m === "mismatch" ? "bad" : "neutral";
}

export function matchLabel(m: FieldMatch): string {
  return { match: "match", mismatch: "mismatch", not_declared: "not declared", not_read: "not read yet" }[m];
}

/** The reviewer's form, filled with their last reading, else with what Docket read (to correct). */
export function draftOf(comparison: FieldComparison[]): Record<ReadField, string> {
  const draft = { full_name: "", birth_date: "", nationality: "", document_number: "", expiry_date: "" };
  for (const row of comparison) {
    if (row.field in draft) draft[row.field as ReadField] = row.reviewer ?? row.machine ?? "";
  }
  return draft;
}

/** What is sent: the fields filled in, trimmed; blanks left out. */
export function readingOf(draft: Record<ReadField, string>): Partial<ReadingFields> {
  const reading: Partial<ReadingFields> = {};
  for (const { key } of READ_FIELDS) {
    const value = draft[key].trim();
    if (value) reading[key] = value;
  }
  return reading;
}

/**
 * Whole seconds left to undo an outcome, on the server's clock (a sandbox clock may be moved):
 * the server said `serverNow` when the page read it at `readAt` (ms), and `now` (ms) has passed since.
 */
export function secondsLeft(undoUntil: string, serverNow: string, readAt: number, now: number): number {
  const serverThen = Date.parse(serverNow);
  const left = Date.parse(undoUntil) - (serverThen + (now - readAt));
  return Number.isFinite(left) ? Math.max(0, Math.ceil(left / 1000)) : 0;
}

/** Failure codes that ask the person for a new document rather than reject them outright. */
const RESUBMIT = new Set([1001, 1002, 1101, 2002, 4002, 4501]);

/** How an outcome reads in its confirmation: verified, rejected, or the person must send a new document. */
export function outcomeKind(verified: boolean, code: number | null): "verified" | "rejected" | "resubmission" {
  if (verified) return "verified";
  return code !== null && RESUBMIT.has(code) ? "resubmission" : "rejected";
}
