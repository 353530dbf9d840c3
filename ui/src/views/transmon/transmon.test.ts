import { describe, expect, it } from "vitest";
import { marked } from "./ExpressionField";
import { amountOf, decisionTone, ruleTypeLabel } from "./transmon";

describe("an expression's error range", () => {
  it("marks the characters the server named", () => {
    expect(marked("event.amount > && true", 15, 17)).toEqual({ before: "event.amount > ", error: "&&", after: " true" });
  });
  it("counts characters, not bytes", () => {
    expect(marked('event.city == "Zürich" &&', 23, 25)).toEqual({ before: 'event.city == "Zürich" ', error: "&&", after: "" });
  });
  it("marks a blank where an operand is missing at the end, and clamps ranges", () => {
    expect(marked("event.amount >", 14, 14)).toEqual({ before: "event.amount >", error: " ", after: "" });
    expect(marked("abc", 5, 9)).toEqual({ before: "abc", error: " ", after: "" });
  });
});

describe("monitoring vocabulary", () => {
  it("names amounts, tones and event types", () => {
    expect(amountOf({ amount: "560.00", currency_code: "eur" })).toBe("560.00 EUR");
    expect(amountOf({ checkout_price: 12 })).toBe("12");
    expect(amountOf({})).toBe("—");
    expect(decisionTone("reject")).toBe("bad");
    expect(decisionTone("review")).toBe("warn");
    expect(decisionTone("allow")).toBe("good");
    expect(ruleTypeLabel("payment_post")).toBe("Payment, after checks");
  });
});
