import { describe, expect, it } from "vitest";
import { amlHits, checkGroups, comparison, flaggedChecks } from "./evidence";
import type { CaseDetail, Check } from "./types";

const check = (over: Partial<Check>): Check => ({
  id: "c",
  type: "registry",
  subject: "company",
  subject_name: "Politikova Consulting Ltd",
  state: "completed",
  severity: "low",
  verdict: "active",
  summary: null,
  evidence: {},
  provider: "sandbox",
  round: 1,
  created_at: "2026-10-14T02:17:17.165Z",
  completed_at: "2026-10-14T02:17:21.516Z",
  superseded_at: null,
  ...over,
});

const form = {
  company: { legal_name: "Politikova Consulting Ltd", registration_number: "12009876", country: "GB", incorporation_date: "2022-03-15", address: { street: "1 Finsbury Avenue", city: "London", postal_code: "EC2A 4NE", country: "GB" } },
  representative: {},
  ownership: { persons: [], companies: [] },
  documents: {},
} as unknown as CaseDetail["form"];

describe("comparison", () => {
  it("reads a real cross-check: registry values and the documents each value was found in", () => {
    const rows = comparison({
      form,
      checks: [
        check({ type: "registry", evidence: { record: { name: "Politikova Consulting Ltd", number: "12009876", street: "1 Finsbury Avenue", city: "London", postal_code: "EC2A 4NE", incorporated_on: "2022-03-15", country: "GB" } } }),
        check({
          type: "cross_check",
          verdict: "mismatch",
          evidence: {
            fields: {
              legal_name: { declared: "Politikova Consulting Ltd", registry: "Politikova Consulting Ltd", result: "match" },
              city: { declared: "London", registry: "Manchester", result: "mismatch" },
            },
            documents: {
              legal_name: { declared: "Politikova Consulting Ltd", found_in: ["certificate.pdf", "poa.pdf"], result: "match" },
              street: { declared: "1 Finsbury Avenue", found_in: [], result: "not_found" },
            },
          },
        }),
      ],
    });
    const by = Object.fromEntries(rows.map((r) => [r.field, r]));
    expect(rows.map((r) => r.field)).toEqual(["legal_name", "registration_number", "incorporation_date", "country", "street", "city"]);
    expect(by.legal_name).toMatchObject({ declared: "Politikova Consulting Ltd", registry: "Politikova Consulting Ltd", foundIn: ["certificate.pdf", "poa.pdf"], registryResult: "match", documentsResult: "match", mismatch: false });
    expect(by.city).toMatchObject({ declared: "London", registry: "Manchester", registryResult: "mismatch", mismatch: true });
    expect(by.street).toMatchObject({ documentsResult: "not_found", mismatch: true, foundIn: [] });
    expect(by.registration_number).toMatchObject({ registry: "12009876", registryResult: "match", mismatch: false });
  });

  it("reads a simulated cross-check (results only) and a simulated registry's other name", () => {
    const rows = comparison({
      form,
      checks: [
        check({ type: "registry", severity: "medium", verdict: "name_mismatch", evidence: { legal_name: "Politikova Consulting Ltd", registered_name: "Politikova Holdings Ltd", registration_number: "12009876", simulated: true } }),
        check({ type: "cross_check", severity: "high", verdict: "mismatch", evidence: { fields: { address: "mismatch", legal_name: "match", officers: "mismatch" }, simulated: true } }),
      ],
    });
    const by = Object.fromEntries(rows.map((r) => [r.field, r]));
    expect(by.address).toMatchObject({ declared: "1 Finsbury Avenue, EC2A 4NE, London", registryResult: "mismatch", mismatch: true });
    expect(by.officers).toMatchObject({ declared: null, registryResult: "mismatch", mismatch: true });
    // The evidence says the name matches; the registry check found another name: the evidence has the word.
    expect(by.legal_name).toMatchObject({ registry: "Politikova Holdings Ltd", registryResult: "match" });
  });

  it("marks values that differ when no check compared them", () => {
    const rows = comparison({ form, checks: [check({ type: "registry", verdict: "name_mismatch", evidence: { registered_name: "Other Name Ltd", registration_number: "12009876" } })] });
    expect(rows.find((r) => r.field === "legal_name")).toMatchObject({ registryResult: "differs", mismatch: true });
  });

  it("reads pending checks, which have no evidence yet (a case in Running checks)", () => {
    const pending = { state: "pending" as const, severity: null, verdict: null, completed_at: null, evidence: null };
    const rows = comparison({ form, checks: [check({ type: "registry", ...pending }), check({ type: "cross_check", ...pending })] });
    expect(rows.find((r) => r.field === "legal_name")).toMatchObject({ declared: "Politikova Consulting Ltd", registry: null, registryResult: null, mismatch: false });
    expect(amlHits(check({ type: "aml_person", ...pending }))).toEqual([]);
  });

  it("ignores superseded instances", () => {
    const rows = comparison({ form, checks: [check({ type: "registry", superseded_at: "2026-10-15T00:00:00Z", evidence: { registered_name: "Old Name" } })] });
    expect(rows.find((r) => r.field === "legal_name")?.registry).toBeNull();
  });
});

describe("checks", () => {
  it("groups instances by type in the plan's order, history apart", () => {
    const groups = checkGroups({
      plan: ["registry", "aml_person"],
      checks: [check({ id: "a", type: "aml_person", subject: "person:0" }), check({ id: "b", type: "aml_person", subject: "person:1" }), check({ id: "r0", type: "registry", round: 1, superseded_at: "2026-10-15T00:00:00Z" }), check({ id: "r1", type: "registry", round: 2 })],
      checks_summary: { expected: 2, completed: 2, passed: 1, review: 1, failed: 0, errored: 0, checks: [{ type: "registry", status: "completed", severity: "low", verdict: "active" }, { type: "aml_person", status: "completed", severity: "medium", verdict: "potential_match" }] },
    });
    expect(groups.map((g) => [g.type, g.current.map((c) => c.id), g.superseded.map((c) => c.id), g.verdict])).toEqual([
      ["registry", ["r1"], ["r0"], "active"],
      ["aml_person", ["a", "b"], [], "potential_match"],
    ]);
  });

  it("flags findings and errors for the queue", () => {
    const flags = flaggedChecks({ expected: 3, completed: 3, passed: 1, review: 1, failed: 0, errored: 1, checks: [{ type: "registry", status: "error", severity: null, verdict: "error" }, { type: "aml_person", status: "completed", severity: "medium", verdict: "potential_match" }, { type: "kyc", status: "completed", severity: "low", verdict: "verified" }] });
    expect(flags).toEqual([
      { type: "registry", label: "Registry: error", tone: "bad" },
      { type: "aml_person", label: "AML: persons: potential match", tone: "warn" },
    ]);
    expect(flaggedChecks(null)).toEqual([]);
  });

  it("reads the AML hits of the evidence", () => {
    const hits = amlHits(check({ type: "aml_person", evidence: { top_hits: [{ entity_id: "e1", name: "Petra Politikova", name_match_percentage: 100, risk_score: "Medium", tags: ["PEP"] }, null] } }));
    expect(hits).toEqual([{ entity_id: "e1", name: "Petra Politikova", name_match_percentage: 100, risk_score: "Medium", tags: ["PEP"] }]);
    expect(amlHits(check({ evidence: {} }))).toEqual([]);
  });
});
