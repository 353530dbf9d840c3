import { describe, expect, it } from "vitest";
import { activeOptions, EMPTY_SEARCH, fromRequest, loosenHints, searchProblems, sourceChoices, splitList, threshold, toggle, toSearchRequest } from "./searchForm";

describe("splitList", () => {
  it("splits on commas, semicolons, new lines and spaces, dropping blanks and repeats", () => {
    expect(splitList(" RU, de;;\nFR  RU ,")).toEqual(["RU", "de", "FR"]);
    expect(splitList("")).toEqual([]);
    expect(splitList(" , ; ")).toEqual([]);
  });
  it("keeps spaces inside values when asked", () => {
    expect(splitList("New York, Saint Petersburg;\nParis", false)).toEqual(["New York", "Saint Petersburg", "Paris"]);
  });
});

describe("toSearchRequest", () => {
  it("sends only the name and the matching options when nothing else is set", () => {
    expect(toSearchRequest({ ...EMPTY_SEARCH, full_name: "  Ivan Sanctionov " })).toEqual({ full_name: "Ivan Sanctionov", fuzziness: true, fuzziness_level: 1, phonetics: true, mode: 0 });
  });
  it("splits lists, upper-cases countries and keeps cities with spaces", () => {
    const body = toSearchRequest({
      ...EMPTY_SEARCH,
      full_name: "A",
      first_name: " Ada ",
      last_name: "",
      countries: "ru de, ru",
      cities: "New York, Moscow",
      postal_codes: "10115 75001",
      registration_ids: "N6795525;IMO 9123456",
    });
    expect(body.first_name).toBe("Ada");
    expect(body).not.toHaveProperty("last_name");
    expect(body.countries).toEqual(["RU", "DE"]);
    expect(body.cities).toEqual(["New York", "Moscow"]);
    expect(body.postal_codes).toEqual(["10115", "75001"]);
    expect(body.registration_ids).toEqual(["N6795525", "IMO", "9123456"]);
  });
  it("turns one date into a one-day range and a range into gte/lte", () => {
    expect(toSearchRequest({ ...EMPTY_SEARCH, full_name: "A", dob_from: "1970-01-01" }).date_of_birth).toEqual({ gte: "1970-01-01T00:00:00.000Z", lte: "1970-01-01T00:00:00.000Z" });
    expect(toSearchRequest({ ...EMPTY_SEARCH, full_name: "A", dob_mode: "range", dob_from: "1960-01-01", dob_to: "1969-12-31" }).date_of_birth).toEqual({ gte: "1960-01-01T00:00:00.000Z", lte: "1969-12-31T00:00:00.000Z" });
    expect(toSearchRequest({ ...EMPTY_SEARCH, full_name: "A", dob_mode: "range", dob_to: "1969-12-31" }).date_of_birth).toEqual({ lte: "1969-12-31T00:00:00.000Z" });
    expect(toSearchRequest({ ...EMPTY_SEARCH, full_name: "A", dob_mode: "range" })).not.toHaveProperty("date_of_birth");
    // A range's end is ignored in exact mode.
    expect(toSearchRequest({ ...EMPTY_SEARCH, full_name: "A", dob_to: "1990-01-01" })).not.toHaveProperty("date_of_birth");
  });
  it("sends checkbox groups, sources typed by hand, gender and limit; drops the level when exact", () => {
    const body = toSearchRequest({
      ...EMPTY_SEARCH,
      full_name: "A",
      gender: "Female",
      risk_scores: ["High"],
      tags: ["PEP", "Sanctions"],
      entity_types: ["Vessel"],
      sources: ["UN_SCC"],
      other_sources: "eu_financial, UN_SCC",
      fuzziness: false,
      phonetics: false,
      mode: 1,
      limit: "20",
    });
    expect(body).toEqual({
      full_name: "A",
      gender: "Female",
      risk_scores: ["High"],
      tags: ["PEP", "Sanctions"],
      entity_types: ["Vessel"],
      sources: ["UN_SCC", "EU_FINANCIAL"],
      fuzziness: false,
      phonetics: false,
      mode: 1,
      limit: 20,
    });
  });
});

describe("fromRequest", () => {
  it("rebuilds the form from a stored request, nulls and all", () => {
    expect(fromRequest(null)).toEqual(EMPTY_SEARCH);
    const form = fromRequest({ full_name: "Grace MUGABE", first_name: null, countries: ["ZW"], date_of_birth: { gte: "1965-01-01T00:00:00.000Z", lte: "1965-12-31T00:00:00.000Z" }, fuzziness: null, mode: 2, limit: 10 });
    expect(form).toMatchObject({ full_name: "Grace MUGABE", first_name: "", countries: "ZW", dob_mode: "range", dob_from: "1965-01-01", dob_to: "1965-12-31", fuzziness: true, mode: 2, limit: "10" });
    expect(fromRequest({ full_name: "A", date_of_birth: { gte: "1970-01-01T00:00:00.000Z", lte: "1970-01-01T00:00:00.000Z" } })).toMatchObject({ dob_mode: "exact", dob_from: "1970-01-01", dob_to: "" });
  });
  it("round-trips what the form sends", () => {
    const form = { ...EMPTY_SEARCH, full_name: "A", countries: "RU, DE", cities: "New York", dob_mode: "range" as const, dob_from: "1960-01-01", dob_to: "1970-01-01", tags: ["PEP" as const], fuzziness_level: 0.6, limit: "5" };
    expect(toSearchRequest(fromRequest(toSearchRequest(form)))).toEqual(toSearchRequest(form));
  });
});

describe("searchProblems", () => {
  it("needs a name with letters or digits", () => {
    expect(searchProblems(EMPTY_SEARCH).full_name).toBeDefined();
    expect(searchProblems({ ...EMPTY_SEARCH, full_name: "--" }).full_name).toMatch(/letters/);
    expect(searchProblems({ ...EMPTY_SEARCH, full_name: "Иван" })).toEqual({});
  });
  it("checks countries, dates, limit, mode and source ids", () => {
    const found = searchProblems({ ...EMPTY_SEARCH, full_name: "A", countries: "DE, Germany", dob_mode: "range", dob_from: "1990-01-01", dob_to: "1980-01-01", limit: "101", mode: 2, first_name: "A", other_sources: "US-OFAC" });
    expect(found.countries).toMatch(/Germany/);
    expect(found.dob_to).toMatch(/before/);
    expect(found.limit).toBeDefined();
    expect(found.mode).toMatch(/both/);
    expect(found.other_sources).toBeDefined();
  });
});

describe("options", () => {
  it("describes the options set beyond the name", () => {
    expect(activeOptions(EMPTY_SEARCH)).toEqual([]);
    expect(activeOptions({ ...EMPTY_SEARCH, countries: "ru", dob_from: "1970-01-01", fuzziness_level: 0.5, mode: 1 })).toEqual(["Countries: RU", "Born 1970-01-01", "Fuzziness 0.50", "Full name only"]);
  });
  it("computes the threshold from the fuzziness level", () => {
    expect(threshold(true, 1)).toBe(0.75);
    expect(threshold(true, 0)).toBe(1);
    expect(threshold(false, 1)).toBe(1);
  });
  it("offers the source ids of the lists in use", () => {
    expect(sourceChoices([{ format: "un-xml", active: true }, { format: "ofac-sdn", active: false }], ["X_OWN"])).toEqual(["UN_SCC", "X_OWN"]);
  });
  it("toggles a checkbox value in a stable order", () => {
    expect(toggle(["Low"], "High", true, ["High", "Medium", "Low"])).toEqual(["High", "Low"]);
    expect(toggle(["High", "Low"], "High", false)).toEqual(["Low"]);
    expect(toggle(["High"], "High", true)).toEqual(["High"]);
  });
});

describe("loosenHints", () => {
  it("suggests what to loosen from the request sent", () => {
    expect(loosenHints({ full_name: "A", fuzziness: true, fuzziness_level: 1, phonetics: true, mode: 0 })).toEqual([]);
    expect(loosenHints({ full_name: "A", fuzziness: true, fuzziness_level: 0.4, phonetics: false, mode: 1, countries: ["RU"], date_of_birth: { gte: "1970-01-01" }, tags: [] })).toEqual([
      "raise the fuzziness level (it was 0.40)",
      "turn phonetics on",
      "match in Auto mode",
      "remove filters (countries, date of birth)",
    ]);
    expect(loosenHints({ full_name: "A", fuzziness: false })).toEqual(["turn fuzziness on"]);
  });
});
