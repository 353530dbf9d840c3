import { describe, expect, it } from "vitest";
import { addressLine, show } from "./ApplicantDetail";

describe("applicant fields for reading", () => {
  it("writes addresses one per line, never as JSON", () => {
    const addresses = { registered: { street: "Zone Franche, Lot 12", postal_code: "90000", city: "Tangier", country: "MA", state: null } };
    expect(show("addresses", addresses)).toBe("registered: Zone Franche, Lot 12, 90000 Tangier, MA");
    expect(addressLine({ city: "Berlin" })).toBe("Berlin");
  });
  it("writes custom fields as key: value lines and blanks as a dash", () => {
    expect(show("custom_fields", { website: "https://x.test", tier: 2 })).toBe("website: https://x.test\ntier: 2");
    expect(show("custom_fields", {})).toBe("—");
    expect(show("full_name", null)).toBe("—");
  });
});
