// Case file fixtures for the tests: a check and a case in the shapes the API sends, each test
// changing what it is about.
import type { CaseDetail, CasePerson, Check } from "./types";

export const check = (over: Partial<Check>): Check => ({
  id: "c",
  type: "registry",
  subject: "company",
  subject_name: "Spreewald Handel GmbH",
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

export const person = (over: Partial<CasePerson>): CasePerson => ({
  key: "person:0",
  keys: ["person:0"],
  full_name: "Jonas Review",
  roles: ["representative"],
  date_of_birth: "1980-03-04",
  nationality: "DE",
  ownership_percentage: null,
  is_ubo: false,
  ...over,
});

/** A case in manual review with the demo's shape: Jonas Review is representative, director and owner. */
export function caseDetail(over: Partial<CaseDetail> = {}): CaseDetail {
  return {
    id: "0193a1b2-0000-7000-8000-000000000001",
    public_id: "KYB-7Q2X",
    external_id: "demo-kyb-14",
    status: "manual_review",
    stage: "manual_review",
    company_name: "Spreewald Handel GmbH",
    country: "DE",
    risk_level: "medium",
    created_at: "2026-10-14T02:17:17.165Z",
    form: {
      company: { legal_name: "Spreewald Handel GmbH", registration_number: "HRB991201", country: "DE", incorporation_date: "2012-02-15", address: { street: "Wiener Strasse 17", city: "Berlin", postal_code: "10999", country: "DE" } },
      representative: { first_name: "Jonas", last_name: "Review" },
      ownership: { persons: [], companies: [] },
      documents: {},
    },
    persons: [person({ keys: ["person:0", "person:1"], roles: ["representative", "director", "shareholder", "ultimate_beneficial_owner"], ownership_percentage: 60, is_ubo: true }), person({ key: "person:2", keys: ["person:2"], full_name: "Ann Small", roles: ["shareholder", "ultimate_beneficial_owner"], ownership_percentage: 40, is_ubo: true })],
    documents: [],
    plan: ["registry", "aml_person", "kyc", "cross_check", "business_risk_score"],
    checks: [],
    checks_summary: null,
    remediations: [],
    timeline: [],
    decisions: [],
    comments: [],
    missing: {},
    form_progress: null,
    review: { assignee: null, stage_entered_at: "2026-10-14T02:17:17.165Z", sla_due_at: null, pending_decision: null },
    ...over,
  } as unknown as CaseDetail;
}
