// What the bank statement panel shows of an extraction, field by field: pure, so it is tested
// without a page.
import type { BankStatement } from "../../api/types";
import type { Tone } from "../../components/Badge";

type Fields = BankStatement["fields"];
export type FieldName = keyof Fields;

/** The fields in the order a reviewer reads a statement. */
export const FIELD_LABELS: readonly (readonly [FieldName, string])[] = [
  ["holder", "Account holder"],
  ["iban", "IBAN"],
  ["account_number", "Account number"],
  ["bank_name", "Bank"],
  ["bic", "BIC"],
  ["period", "Period"],
  ["opening_balance", "Opening balance"],
  ["closing_balance", "Closing balance"],
  ["currency", "Currency"],
];

export interface FieldRow {
  name: FieldName;
  label: string;
  /** The value as a reviewer reads it; null when the statement does not print it. */
  text: string | null;
  /** For checked fields: passed or failed its check, with why; null when not checked. */
  check: { ok: boolean; problem: string | null } | null;
  /** Where it was read: "p. 1, line 4" and the line. */
  where: string | null;
  evidence: string | null;
}

/** An IBAN in groups of four, as printed. */
export function grouped(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, "$1 ");
}

function valueText(name: FieldName, value: unknown): string {
  if (value && typeof value === "object" && "from" in value && "to" in value) {
    const p = value as { from: string; to: string };
    return `${p.from} – ${p.to}`;
  }
  if (value && typeof value === "object" && "amount" in value) {
    const b = value as { amount: string; currency?: string | null };
    return b.currency ? `${b.amount} ${b.currency}` : b.amount;
  }
  const text = String(value);
  return name === "iban" ? grouped(text) : text;
}

/** Every field's row, the absent ones included (a reviewer sees what was not found). */
export function fieldRows(fields: Fields): FieldRow[] {
  return FIELD_LABELS.map(([name, label]) => {
    const field = fields[name] as { value: unknown; valid?: boolean | null; problem?: string | null; evidence: { page: number; line: number; text: string } } | null | undefined;
    if (!field) return { name, label, text: null, check: null, where: null, evidence: null };
    return {
      name,
      label,
      text: valueText(name, field.value),
      check: field.valid === undefined || field.valid === null ? null : { ok: field.valid, problem: field.problem ?? null },
      where: `p. ${field.evidence.page}, line ${field.evidence.line}`,
      evidence: field.evidence.text,
    };
  });
}

/** The tone of a holder's match with the applicant. */
export function matchTone(level: string | undefined | null): Tone {
  if (level === "match") return "good";
  if (level === "partial") return "warn";
  if (level === "mismatch") return "bad";
  return "neutral";
}

/** How the text was read, in words (`method`: `text_layer`, `ocr` or `none`). */
export function methodText(method: string): string {
  if (method === "text_layer") return "PDF text layer";
  if (method === "ocr") return "OCR of a picture";
  return "no text read";
}
