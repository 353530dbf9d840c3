import { describe, expect, it } from "vitest";
import { EMPTY_FORM, problems, toNewApplicant, toUpdate } from "./applicantForm";

describe("applicant form", () => {
  it("leaves empty fields out of a new applicant and upper-cases codes", () => {
    const body = toNewApplicant({ ...EMPTY_FORM, full_name: " Ada Lovelace ", country: "gb", external_id: "" });
    expect(body).toEqual({ applicant_type: "Person", external_id: null, email: null, phone: null, info: { full_name: "Ada Lovelace", country: "GB" }, aml_screening_enabled: false });
  });
  it("drops person-only fields for organizations", () => {
    const body = toNewApplicant({ ...EMPTY_FORM, applicant_type: "Organization", full_name: "Atlas SARL", first_name: "x", dob: "1990-01-01" });
    expect(body.info).toEqual({ full_name: "Atlas SARL" });
  });
  it("sends cleared fields as null on update", () => {
    expect(toUpdate({ ...EMPTY_FORM, full_name: "A" }).info.address).toBeNull();
  });
  it("finds what to fix before sending", () => {
    expect(problems(EMPTY_FORM).full_name).toBeDefined();
    expect(problems({ ...EMPTY_FORM, first_name: "Ada" }).full_name).toBeUndefined();
    expect(problems({ ...EMPTY_FORM, full_name: "A", country: "Germany" }).country).toMatch(/two-letter/);
    expect(problems({ ...EMPTY_FORM, full_name: "A", dob: "1/2/1990" }).dob).toBe("Use YYYY-MM-DD.");
    expect(problems({ ...EMPTY_FORM, full_name: "A", email: "nope" }).email).toBeDefined();
  });
});
