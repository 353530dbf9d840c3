import { describe, expect, it } from "vitest";
import type { BankStatement } from "../../api/types";
import { fieldRows, grouped, matchTone, methodText } from "./statements";

const evidence = (line: number, text: string) => ({ page: 1, line, text });

describe("fieldRows", () => {
  const fields: BankStatement["fields"] = {
    holder: { value: "Erika Mustermann", evidence: evidence(2, "Kontoinhaber: Erika Mustermann") },
    iban: { value: "DE88370400440532013000", valid: false, problem: "its check digits do not match (ISO 13616 mod-97)", evidence: evidence(3, "IBAN DE88 3704 0044 0532 0130 00") },
    bic: { value: "COBADEFFXXX", valid: true, evidence: evidence(3, "BIC COBADEFFXXX") },
    period: { value: { from: "2026-03-01", to: "2026-03-31" }, valid: true, evidence: evidence(4, "01.03.2026 - 31.03.2026") },
    closing_balance: { value: { amount: "-56.78", currency: "EUR" }, evidence: evidence(9, "Neuer Kontostand 56,78 S") },
  };
  const rows = fieldRows(fields);
  const by = (name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`no row ${name}`);
    return row;
  };

  it("lists every field in reading order, the absent ones too", () => {
    expect(rows.map((r) => r.name)).toEqual(["holder", "iban", "account_number", "bank_name", "bic", "period", "opening_balance", "closing_balance", "currency"]);
    const missing = rows.find((r) => r.name === "account_number");
    expect(missing).toMatchObject({ text: null, check: null, evidence: null });
  });

  it("says each value as a reviewer reads it, with where it was read", () => {
    expect(by("iban").text).toBe("DE88 3704 0044 0532 0130 00");
    expect(by("period").text).toBe("2026-03-01 – 2026-03-31");
    expect(by("closing_balance").text).toBe("-56.78 EUR");
    expect(by("holder").where).toBe("p. 1, line 2");
    expect(by("holder").evidence).toBe("Kontoinhaber: Erika Mustermann");
  });

  it("marks checked fields valid or not, with the problem, and leaves unchecked ones unmarked", () => {
    expect(by("iban").check).toEqual({ ok: false, problem: "its check digits do not match (ISO 13616 mod-97)" });
    expect(by("bic").check).toEqual({ ok: true, problem: null });
    expect(by("holder").check).toBeNull();
  });
});

describe("the small words", () => {
  it("groups an IBAN by four", () => {
    expect(grouped("GB29NWBK60161331926819")).toBe("GB29 NWBK 6016 1331 9268 19");
  });
  it("tones a holder match and names the method", () => {
    expect([matchTone("match"), matchTone("partial"), matchTone("mismatch"), matchTone(undefined)]).toEqual(["good", "warn", "bad", "neutral"]);
    expect(methodText("ocr")).toBe("OCR of a picture");
    expect(methodText("none")).toBe("no text read");
  });
});
