-- Transaction monitoring: caller-defined rules, the events they are evaluated on with their
-- results, and per-applicant daily aggregates for `stats.<period>.<indicator>`.
-- Times are milliseconds on the environment's clock; amounts are exact decimals as text.

-- A caller's rule. Docket's built-in rules live in the code; only their status per environment
-- is stored (`transmon_builtin_status`).
CREATE TABLE transmon_rules (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    name            TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
    event_type      TEXT NOT NULL
                    CHECK (event_type IN ('transaction_pre', 'transaction_post', 'payment_pre', 'payment_post')),
    rank            INTEGER NOT NULL,
    expression      TEXT NOT NULL,
    causes          TEXT NOT NULL,
    action          TEXT CHECK (action IN ('reject')),
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
) STRICT;
CREATE INDEX transmon_rules_scope ON transmon_rules (organization_id, environment, event_type, rank, created_at);

CREATE TABLE transmon_builtin_status (
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    rule_id         BLOB NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
    updated_at      INTEGER NOT NULL,
    PRIMARY KEY (organization_id, environment, rule_id)
) STRICT, WITHOUT ROWID;

-- A submitted transaction or payment. `result` is the evaluation as served (JSON: the event's
-- fields, the statistics used, fired rules, errors, Docket's checks, the decision); `amount` is
-- what the statistics counted.
CREATE TABLE transmon_events (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    applicant_id    BLOB NOT NULL REFERENCES applicants (id) ON DELETE CASCADE,
    kind            TEXT NOT NULL CHECK (kind IN ('transaction', 'payment')),
    decision        TEXT NOT NULL CHECK (decision IN ('allow', 'review', 'reject')),
    amount          TEXT,
    received_at     INTEGER NOT NULL,
    result          TEXT NOT NULL
) STRICT;
CREATE INDEX transmon_events_scope ON transmon_events (organization_id, environment, received_at DESC, id DESC);
CREATE INDEX transmon_events_applicant
    ON transmon_events (organization_id, environment, applicant_id, received_at DESC, id DESC);

-- One applicant's events of one UTC day (on the environment's clock): updated in the
-- transaction that stores each event, so an evaluation reads at most 30 rows.
-- `amounts` counts the events that carried an amount (the sum, average, minimum and maximum
-- are over those); `events` counts them all.
CREATE TABLE transmon_daily (
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    applicant_id    BLOB NOT NULL REFERENCES applicants (id) ON DELETE CASCADE,
    day             TEXT NOT NULL,
    events          INTEGER NOT NULL,
    amounts         INTEGER NOT NULL,
    sum             TEXT NOT NULL,
    min             TEXT,
    max             TEXT,
    PRIMARY KEY (organization_id, environment, applicant_id, day)
) STRICT, WITHOUT ROWID;
