-- The reviewer's desk (issue 12): reviewer accounts, console sessions tied to them, case
-- assignment, SLA due times, decisions under four eyes, comments, and the audit hash chain.

-- A person who works in the console. Accounts belong to the organization (both environments).
CREATE TABLE reviewers (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    -- The name folded to lower case: two reviewers never share a name.
    name_key        TEXT NOT NULL,
    email           TEXT,
    role            TEXT NOT NULL CHECK (role IN ('reviewer', 'senior', 'admin')),
    -- The machine's owner: the desktop window and `docket serve`'s own link sign in as them.
    owner           INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL,
    disabled_at     INTEGER,
    UNIQUE (organization_id, name_key)
) STRICT;

-- Links and sessions now open for one reviewer. Those made before there were reviewers name
-- nobody: they end here (a serving start prints a new link, the desktop window makes its own).
DELETE FROM console_sessions;
DELETE FROM console_login_links;
ALTER TABLE console_login_links ADD COLUMN reviewer_id BLOB REFERENCES reviewers (id) ON DELETE CASCADE;
ALTER TABLE console_sessions ADD COLUMN reviewer_id BLOB REFERENCES reviewers (id) ON DELETE CASCADE;
CREATE INDEX console_sessions_reviewer ON console_sessions (reviewer_id);

-- A case's place on the desk. `stage_entered_at` starts its stage's SLA; `sla_due_at` is that
-- plus the environment's allowance for the stage (null: no SLA). `pending_decision` is a first
-- decision awaiting its second approval (JSON). `has_error` / `has_hit` copy the checks
-- summary for the queue's filters.
ALTER TABLE kyb_cases ADD COLUMN assignee_id BLOB;
ALTER TABLE kyb_cases ADD COLUMN assignee_name TEXT;
ALTER TABLE kyb_cases ADD COLUMN assigned_at INTEGER;
ALTER TABLE kyb_cases ADD COLUMN stage_entered_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE kyb_cases ADD COLUMN sla_due_at INTEGER;
ALTER TABLE kyb_cases ADD COLUMN pending_decision TEXT;
ALTER TABLE kyb_cases ADD COLUMN has_error INTEGER NOT NULL DEFAULT 0;
ALTER TABLE kyb_cases ADD COLUMN has_hit INTEGER NOT NULL DEFAULT 0;
UPDATE kyb_cases SET
    stage_entered_at = last_activity_at,
    has_error = coalesce(json_extract(checks_summary, '$.errored'), 0) > 0,
    has_hit = coalesce(json_extract(checks_summary, '$.review'), 0) + coalesce(json_extract(checks_summary, '$.failed'), 0) > 0;

CREATE INDEX kyb_cases_assignee
    ON kyb_cases (organization_id, environment, assignee_id, created_at DESC, id DESC, status);
CREATE INDEX kyb_cases_sla
    ON kyb_cases (organization_id, environment, sla_due_at, created_at, id, status);

-- The desk's rules per environment: four eyes and the SLA allowances.
CREATE TABLE kyb_desk_settings (
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    four_eyes       TEXT NOT NULL CHECK (four_eyes IN ('off', 'high_risk', 'rejections', 'all')),
    -- JSON: hours per stage, null for none.
    sla_hours       TEXT NOT NULL,
    updated_at      INTEGER NOT NULL,
    PRIMARY KEY (organization_id, environment)
) STRICT;

-- Every decision step on a case: a single decision, or the first and second of four eyes.
CREATE TABLE kyb_decisions (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    case_id         BLOB NOT NULL REFERENCES kyb_cases (id) ON DELETE CASCADE,
    step            TEXT NOT NULL CHECK (step IN ('single', 'first', 'second')),
    decision        TEXT NOT NULL CHECK (decision IN ('approve', 'reject', 'confirm', 'overturn')),
    reason          TEXT,
    note            TEXT NOT NULL,
    reviewer_id     BLOB,
    reviewer_name   TEXT,
    -- When the deciding reviewer was assigned the case (for time-to-decision).
    assigned_at     INTEGER,
    at              INTEGER NOT NULL
) STRICT;

CREATE INDEX kyb_decisions_case ON kyb_decisions (case_id, at);
CREATE INDEX kyb_decisions_reviewer ON kyb_decisions (organization_id, environment, at, reviewer_id);

-- Internal notes on a case.
CREATE TABLE kyb_comments (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    case_id         BLOB NOT NULL REFERENCES kyb_cases (id) ON DELETE CASCADE,
    author_id       BLOB NOT NULL,
    author_name     TEXT NOT NULL,
    body            TEXT NOT NULL,
    -- JSON array of {id, name}: the reviewers the body mentions.
    mentions        TEXT NOT NULL,
    at              INTEGER NOT NULL
) STRICT;

CREATE INDEX kyb_comments_case ON kyb_comments (case_id, at);

-- The audit trail: one hash chain per environment. Each event's `hash` is the SHA-256 of its
-- canonical JSON (every field but `hash`, keys sorted, no spaces), which includes `prev_hash`,
-- the hash of the event before (64 zeros for the first). Nothing updates or deletes these
-- rows but a sandbox reset, which starts the sandbox's chain again.
CREATE TABLE audit_events (
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    seq             INTEGER NOT NULL,
    at              INTEGER NOT NULL,
    case_id         BLOB,
    case_public_id  TEXT,
    actor           TEXT NOT NULL,
    reviewer_id     BLOB,
    kind            TEXT NOT NULL,
    data            TEXT NOT NULL,
    prev_hash       TEXT NOT NULL,
    hash            TEXT NOT NULL,
    PRIMARY KEY (organization_id, environment, seq)
) STRICT;

CREATE INDEX audit_events_case ON audit_events (case_id, seq);
CREATE INDEX audit_events_reviewer ON audit_events (organization_id, environment, reviewer_id, seq);
