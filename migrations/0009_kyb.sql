-- KYB business verification: cases, their check instances, remediations, the case timeline and
-- single checks. Times are milliseconds on the environment's clock.

-- A case: one merchant's onboarding. `form` is the widget's data (JSON, by section); `row_json`
-- is the case as the list serves it (spec 2.1), rebuilt by every write to the case, so that a
-- page of the list is one query with no per-row work.
CREATE TABLE kyb_cases (
    id                  BLOB PRIMARY KEY,
    organization_id     BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment         TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    public_id           TEXT NOT NULL,
    -- The organization applicant the case is for; an applicant with cases cannot be deleted.
    applicant_id        BLOB NOT NULL REFERENCES applicants (id),
    external_id         TEXT,
    status              TEXT NOT NULL,
    risk_level          TEXT,
    verification_id     BLOB,
    -- Submissions so far (0 in draft): each resubmission after a remediation is a new round.
    round               INTEGER NOT NULL DEFAULT 0,
    -- Copies of form values the list filters on.
    company_name        TEXT,
    registration_number TEXT,
    country             TEXT,
    form                TEXT NOT NULL,
    -- The verification plan (JSON array of check types; null before submission: the default
    -- plan, derived from the data when submitted), and its summary once submitted.
    plan                TEXT,
    checks_summary      TEXT,
    -- The hosted widget's unguessable token and when it stops working.
    widget_token        TEXT NOT NULL UNIQUE,
    widget_expires_at   INTEGER NOT NULL,
    created_at          INTEGER NOT NULL,
    submitted_at        INTEGER,
    last_activity_at    INTEGER NOT NULL,
    row_json            TEXT NOT NULL,
    UNIQUE (organization_id, environment, public_id)
) STRICT;

-- The list walks one of these in created order. The queues filter by status (and stage, a set
-- of statuses), country and risk level: those columns trail each index, so the filters are
-- decided on index entries and only the rows of the page are read (a filtered page of 100,000
-- cases took 8 times longer when every candidate row was read).
CREATE INDEX kyb_cases_scope
    ON kyb_cases (organization_id, environment, created_at DESC, id DESC, status, country, risk_level);
CREATE INDEX kyb_cases_status
    ON kyb_cases (organization_id, environment, status, created_at DESC, id DESC, country, risk_level);
CREATE INDEX kyb_cases_country
    ON kyb_cases (organization_id, environment, country, created_at DESC, id DESC, status, risk_level);
CREATE INDEX kyb_cases_applicant ON kyb_cases (applicant_id);

-- A check instance: one check type run for the company or for one person, in one round.
-- A resubmission supersedes the instances it runs again; they stay as history.
CREATE TABLE kyb_checks (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    case_id         BLOB NOT NULL REFERENCES kyb_cases (id) ON DELETE CASCADE,
    round           INTEGER NOT NULL,
    check_type      TEXT NOT NULL,
    -- `company`, or `person:<n>` (the n-th person of the case, 0 the representative).
    subject_key     TEXT NOT NULL,
    subject_name    TEXT NOT NULL,
    provider        TEXT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('pending', 'done', 'error')),
    severity        TEXT,
    verdict         TEXT,
    -- One sentence a reviewer reads first, and the evidence behind it (JSON).
    summary         TEXT,
    evidence        TEXT,
    created_at      INTEGER NOT NULL,
    completed_at    INTEGER,
    superseded_at   INTEGER
) STRICT;

CREATE INDEX kyb_checks_case ON kyb_checks (case_id, created_at);

-- A remediation: something the merchant must fix (a section, or one kind of document).
CREATE TABLE kyb_remediations (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    case_id         BLOB NOT NULL REFERENCES kyb_cases (id) ON DELETE CASCADE,
    section         TEXT NOT NULL,
    document_kind   TEXT,
    message         TEXT NOT NULL,
    opened_by       TEXT NOT NULL,
    opened_at       INTEGER NOT NULL,
    resolved_at     INTEGER
) STRICT;

CREATE INDEX kyb_remediations_case ON kyb_remediations (case_id, opened_at);

-- The case timeline: every change to a case, in order.
CREATE TABLE kyb_case_events (
    id              INTEGER PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    case_id         BLOB NOT NULL REFERENCES kyb_cases (id) ON DELETE CASCADE,
    at              INTEGER NOT NULL,
    kind            TEXT NOT NULL,
    actor           TEXT NOT NULL,
    from_status     TEXT,
    to_status       TEXT,
    detail          TEXT
) STRICT;

CREATE INDEX kyb_case_events_case ON kyb_case_events (case_id, id);

-- Single checks (TIN, US registry, corporate documents) of an applicant, polled by request id.
CREATE TABLE kyb_single_checks (
    id                BLOB PRIMARY KEY,
    organization_id   BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment       TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    applicant_id      BLOB NOT NULL REFERENCES applicants (id),
    verification_type TEXT NOT NULL,
    status            TEXT NOT NULL,
    request           TEXT NOT NULL,
    response_data     TEXT,
    created_at        INTEGER NOT NULL,
    completed_at      INTEGER
) STRICT;

CREATE INDEX kyb_single_checks_applicant ON kyb_single_checks (applicant_id);
