import { describe, expect, it } from "vitest";
import { caseDetail, check, person } from "./fixtures";
import { officerRows, personRows, subjectName } from "./people";

describe("persons", () => {
  it("gives one row per human with their screening and identity outcome, the worst of duplicated instances", () => {
    const detail = caseDetail({
      checks: [
        check({ id: "a0", type: "aml_person", subject: "person:0", verdict: "clear", summary: "No hit for Jonas Review" }),
        check({ id: "a2", type: "aml_person", subject: "person:2", severity: "medium", verdict: "potential_match", summary: "1 potential match for Ann Small" }),
        // Checked before people were merged: Jonas twice, once as person:1.
        check({ id: "k0", type: "kyc", subject: "person:0", verdict: "verified" }),
        check({ id: "k1", type: "kyc", subject: "person:1", severity: "medium", verdict: "needs_review", summary: "Jonas Review's document needs a closer look", evidence: { verification_id: "v-1" } }),
        check({ id: "old", type: "kyc", subject: "person:2", severity: "high", verdict: "not_verified", superseded_at: "2026-10-15T00:00:00Z" }),
      ],
    });
    const rows = personRows(detail);
    expect(rows.map((r) => [r.person.full_name, r.keys, r.aml?.checkId, r.kyc?.checkId])).toEqual([
      ["Jonas Review", ["person:0", "person:1"], "a0", "k1"],
      ["Ann Small", ["person:2"], "a2", undefined],
    ]);
    expect(rows[0]?.kyc).toMatchObject({ label: "needs review", tone: "warn", summary: "Jonas Review's document needs a closer look", verificationId: "v-1" });
    expect(rows[1]?.aml).toMatchObject({ label: "potential match", tone: "warn" });
  });

  it("shows pending and errored checks as such, and reads a server that sends `key` only", () => {
    const detail = caseDetail({
      persons: [{ ...person({}), keys: undefined as unknown as string[] }],
      checks: [check({ id: "p", type: "aml_person", subject: "person:0", state: "pending", severity: null, verdict: null, evidence: null }), check({ id: "e", type: "kyc", subject: "person:0", state: "error", severity: null, verdict: null, summary: "the identity service did not answer" })],
    });
    const [row] = personRows(detail);
    expect(row?.aml).toMatchObject({ label: "pending", tone: "info" });
    expect(row?.kyc).toMatchObject({ label: "error", tone: "bad", summary: "the identity service did not answer" });
  });

  it("names a check's subject by the person, never by its key", () => {
    const detail = caseDetail();
    expect(subjectName(detail, { subject: "person:1", subject_name: "Jonas Review" })).toBe("Jonas Review");
    expect(subjectName(detail, { subject: "person:2", subject_name: "" })).toBe("Ann Small");
    expect(subjectName(detail, { subject: "company", subject_name: "Spreewald Handel GmbH" })).toBe("Spreewald Handel GmbH");
  });
});

describe("officers", () => {
  it("lists the registry's officers against the declared ones: matched, missing, extra", () => {
    const rows = officerRows(caseDetail({ checks: [check({ type: "cross_check", evidence: { fields: { officers: { declared: ["Jonas Review", "Ann Small"], registry: ["JONAS REVIEW", "Marie Registre"], result: "mismatch" } } } })] }));
    expect(rows).toEqual([
      { name: "Jonas Review", status: "matched", roles: ["representative", "director", "shareholder", "ultimate beneficial owner"] },
      { name: "Ann Small", status: "missing", roles: ["shareholder", "ultimate beneficial owner"] },
      { name: "Marie Registre", status: "extra", roles: [] },
    ]);
  });

  it("says nothing when the registry lists no officers, or the check is pending", () => {
    expect(officerRows(caseDetail({ checks: [check({ type: "cross_check", evidence: { fields: { officers: "match" } } })] }))).toBeNull();
    expect(officerRows(caseDetail({ checks: [check({ type: "cross_check", state: "pending", evidence: null })] }))).toBeNull();
    expect(officerRows(caseDetail())).toBeNull();
  });
});
