import { describe, expect, it } from "vitest";
import type { Hit } from "../../api/types";
import { compareParty, dateVerdict, dispositionLabel, hitRisk, isOpen, reasonsFor, screenedFor, suggestedReason, type ScreenedParty } from "./hits";

// The sandbox's magic name as a KYB case screened it: listed born 1970-01-01 (Medium risk, a
// High match), the case's director born 1985-03-02.
const hit = {
  uuid: "0190a000-0000-7000-8000-000000000001",
  type: "Person",
  risk_score: "Medium",
  risk_score_value: 55,
  importance_score: 0.5,
  updated_at: 0,
  tags: ["Sanctions"],
  fields: {
    names: [
      { full_name: "I. Sanctionov" },
      { full_name: "Ivan Sanctionov", primary: true },
    ],
    dates_of_birth: [{ gte: "1970-01-01T00:00:00Z", lte: "1970-01-01T00:00:00Z" }],
    nationalities: ["RU"],
    citizenships: [],
    addresses: [{ country: "RU", city: "Moscow" }],
  },
  search_metadata: { name_match_level: "HIGH", general_match_level: "HIGH" },
} as unknown as Hit;

const director: ScreenedParty = {
  kind: "case_person",
  key: "case:0190:person:0",
  case_id: "0190a000-0000-7000-8000-0000000000ca",
  case_public_id: "KYB-7Q2M",
  name: "Ivan Sanctionov",
  date_of_birth: "1985-03-02",
  nationalities: ["DE"],
  countries: [],
};

describe("the comparison", () => {
  it("puts the party's date of birth beside the one the list holds, from the list's fields", () => {
    const rows = compareParty(director, hit);
    const dob = rows.find((r) => r.label === "Date of birth");
    expect(dob).toEqual({ label: "Date of birth", party: ["1985-03-02"], listed: ["1970-01-01"], verdict: "differs" });
    expect(rows.find((r) => r.label === "Name")).toMatchObject({ party: ["Ivan Sanctionov"], listed: ["Ivan Sanctionov", "I. Sanctionov"], verdict: "close" });
    expect(rows.find((r) => r.label === "Nationality")).toMatchObject({ party: ["DE"], listed: ["RU"], verdict: "differs" });
    expect(rows.find((r) => r.label === "Countries")).toMatchObject({ listed: ["RU"], verdict: "differs" });
    expect(rows.find((r) => r.label === "Type")).toMatchObject({ party: ["person"], listed: ["person"], verdict: "same" });
  });

  it("says when one side holds nothing rather than calling it a difference", () => {
    const rows = compareParty({ ...director, date_of_birth: null, nationalities: [] }, hit);
    expect(rows.find((r) => r.label === "Date of birth")?.verdict).toBe("unknown");
    expect(rows.find((r) => r.label === "Nationality")?.verdict).toBe("unknown");
  });

  it("reads dates against days, years and open ranges", () => {
    expect(dateVerdict("1970-01-01", [{ gte: "1970-01-01T00:00:00Z", lte: "1970-01-01T00:00:00Z" }])).toBe("same");
    expect(dateVerdict("1970-06-01", [{ gte: "1970-01-01T00:00:00Z", lte: "1970-12-31T00:00:00Z" }])).toBe("close");
    expect(dateVerdict("1971-06-01", [{ gte: "1970-01-01T00:00:00Z", lte: "1970-12-31T00:00:00Z" }])).toBe("differs");
    expect(dateVerdict("1971-06-01", [])).toBe("unknown");
    expect(dateVerdict(null, [{ gte: "1970-01-01T00:00:00Z" }])).toBe("unknown");
  });

  it("compares a company with no date of birth row", () => {
    const company = { ...hit, type: "Organization", fields: { ...hit.fields, dates_of_birth: [] } } as unknown as Hit;
    const rows = compareParty({ ...director, kind: "case_company", date_of_birth: null, countries: ["RU"] }, company);
    expect(rows.map((r) => r.label)).toEqual(["Name", "Type", "Countries"]);
    expect(rows.find((r) => r.label === "Countries")?.verdict).toBe("same");
  });

  it("suggests the reason the comparison makes plain", () => {
    const rows = compareParty(director, hit);
    expect(suggestedReason("false_positive", rows)).toBe("date_of_birth_differs");
    expect(suggestedReason("true_match", rows)).toBe("");
    expect(suggestedReason("false_positive", compareParty({ ...director, kind: "case_company" }, hit))).toBe("entity_type_differs");
  });
});

describe("one risk level per hit", () => {
  it("is the entity's risk, never the match level", () => {
    // The match is High, the entity Medium risk: the hit's risk is Medium, wherever it is shown.
    expect(hit.search_metadata.general_match_level).toBe("HIGH");
    expect(hitRisk(hit)).toBe("Medium");
  });
});

describe("dispositions", () => {
  it("offer the reasons that fit each, and other for all", () => {
    expect(reasonsFor("false_positive").map((r) => r.value)).toEqual(["date_of_birth_differs", "nationality_differs", "entity_type_differs", "name_only", "other"]);
    expect(reasonsFor("true_match").map((r) => r.value)).toEqual(["details_match", "identifier_matches", "other"]);
    expect(reasonsFor("needs_more_information").map((r) => r.value)).toContain("awaiting_documents");
    expect(dispositionLabel("false_positive").label).toBe("False positive");
  });

  it("leave a hit open until it is a true match or a false positive", () => {
    expect(isOpen({ disposition: null })).toBe(true);
    expect(isOpen({ disposition: { disposition: "needs_more_information" } as Hit["disposition"] })).toBe(true);
    expect(isOpen({ disposition: { disposition: "true_match" } as Hit["disposition"] })).toBe(false);
  });

  it("say whom a screening was for", () => {
    expect(screenedFor(director)).toBe("for case KYB-7Q2M");
    expect(screenedFor({ ...director, case_public_id: null, kind: "applicant" })).toBe("for Ivan Sanctionov");
    expect(screenedFor(null)).toBeNull();
  });
});
