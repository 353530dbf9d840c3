import { describe, expect, it } from "vitest";
import type { Explanation, FatfRecord } from "../../api/types";
import { barWidth, dateRange, entityCountries, explanationLines, fatfStatus, filterFatf, filterOutcome, matchLevel, methodLabel, percentage, place, primaryName, sentiment, similarity } from "./explain";

const explanation: Explanation = {
  summary: "2 of 3 name tokens matched (1 exact, 1 fuzzy)",
  query_name: "Ivan Sanctionof Petrovich",
  listed_name: "Ivan Sanctionov",
  name: {
    score: 0.8123,
    exact: false,
    matches: [
      { query: "ivan", listed: "ivan", similarity: 1, method: "exact" },
      { query: "sanctionof", listed: "sanctionov", similarity: 0.96, method: "fuzzy" },
    ],
    unmatched_query: ["petrovich"],
    unmatched_listed: [],
  },
  identifier_match: "N6795525",
  threshold: 0.75,
};

describe("explanations", () => {
  it("writes the evidence as lines", () => {
    expect(explanationLines(explanation)).toEqual([
      "2 of 3 name tokens matched (1 exact, 1 fuzzy)",
      "“Ivan Sanctionof Petrovich” met “Ivan Sanctionov”: score 0.81 (threshold 0.75)",
      "ivan → ivan: 1.00 exact",
      "sanctionof → sanctionov: 0.96 fuzzy (spelling)",
      "Query tokens not on the list: petrovich",
      "Shared identifier: N6795525",
    ]);
  });
  it("names methods, levels and filter outcomes", () => {
    expect(methodLabel("phonetic")).toBe("sounds alike");
    expect(methodLabel("new-method")).toBe("new-method");
    expect(matchLevel("FULL_MATCH")).toMatchObject({ label: "Full match", tone: "bad" });
    expect(matchLevel("LOW").tone).toBe("info");
    expect(filterOutcome("PARTIAL_MATCH")).toMatchObject({ label: "partly matches", tone: "warn" });
    expect(filterOutcome("FILTER_NOT_SET").tone).toBe("neutral");
  });
  it("formats numbers", () => {
    expect(similarity(0.931)).toBe("0.93");
    expect(percentage(96.54)).toBe("96.5");
    expect(percentage(100)).toBe("100");
    expect(barWidth(120)).toBe("100%");
    expect(barWidth(-3)).toBe("0%");
  });
});

describe("entities", () => {
  const fields = {
    names: [{ full_name: "Alias" }, { full_name: "Ali Mohammadi", primary: true }],
    citizenships: ["IR"],
    nationalities: ["IR"],
    addresses: [{ country: "AE", city: "Dubai" }],
    places_of_birth: [{ country: "IR", city: "Isfahan" }, { country: "IQ" }],
    political_roles: [{ role: "Minister", country: "SY" }],
    media: [],
  };
  it("splits linked countries as the server does", () => {
    expect(entityCountries({ fields } as never)).toEqual({ strong: ["AE", "IR"], weak: ["IQ", "SY"] });
  });
  it("finds the primary name", () => {
    expect(primaryName({ fields } as never)).toBe("Ali Mohammadi");
    expect(primaryName({ fields: { names: [] } } as never)).toBe("(no name)");
  });
  it("reads date ranges as a day, a month, a year or a span", () => {
    expect(dateRange({ gte: "1970-01-01T00:00:00.000Z", lte: "1970-01-01T00:00:00.000Z" })).toBe("1970-01-01");
    expect(dateRange({ gte: "1983-01-01T00:00:00.000Z", lte: "1983-12-31T00:00:00.000Z" })).toBe("1983");
    expect(dateRange({ gte: "1983-04-01T00:00:00.000Z", lte: "1983-04-30T00:00:00.000Z" })).toBe("1983-04");
    expect(dateRange({ gte: "1980-01-01T00:00:00.000Z", lte: "1985-12-31T00:00:00.000Z" })).toBe("1980-01-01 – 1985-12-31");
    expect(dateRange({ gte: "1980-01-01T00:00:00.000Z" })).toBe("1980-01-01 or later");
    expect(dateRange(null)).toBe("—");
  });
  it("writes places and sentiments", () => {
    expect(place({ city: "Isfahan", country: "IR" })).toBe("Isfahan, IR");
    expect(place({ address: "1 Main St", postal_code: "10115", city: "Berlin", country: "DE" })).toBe("1 Main St, 10115 Berlin, DE");
    expect(place({})).toBe("—");
    expect(sentiment(-0.8).label).toBe("hostile");
    expect(sentiment(0.4).tone).toBe("good");
  });
});

describe("FATF", () => {
  const records: FatfRecord[] = [
    { country: "DE", fatf_status: "FatfMember", description: "Member of the FATF", url: "u" },
    { country: "KP", fatf_status: "CallForAction", description: "High-risk jurisdiction", url: "u" },
    { country: "AO", fatf_status: "IncreasedMonitoring", description: "Increased monitoring", url: "u" },
  ];
  it("puts the worst status first and filters by code, name or status", () => {
    expect(filterFatf(records, "", "").map((r) => r.country)).toEqual(["KP", "AO", "DE"]);
    expect(filterFatf(records, "de", "").map((r) => r.country)).toEqual(["DE"]);
    expect(filterFatf(records, "germ", "").map((r) => r.country)).toEqual(["DE"]);
    expect(filterFatf(records, "", "IncreasedMonitoring").map((r) => r.country)).toEqual(["AO"]);
    expect(fatfStatus("CallForAction")).toMatchObject({ label: "Call for action", tone: "bad" });
  });
});
