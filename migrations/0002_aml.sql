-- AML screening: imported list snapshots and their entities (shared by every organization and
-- environment), search history, the FATF table, the event outbox, and when each applicant is
-- next screened.

-- An imported version of a list. The newest of each `list` is active; older ones are kept as
-- records (their entities are removed when superseded).
CREATE TABLE watchlist_snapshots (
    id            BLOB PRIMARY KEY,
    list          TEXT NOT NULL,
    format        TEXT NOT NULL,
    label         TEXT NOT NULL,
    as_of         TEXT,
    imported_at   INTEGER NOT NULL,
    entity_count  INTEGER NOT NULL,
    name_count    INTEGER NOT NULL,
    rows_read     INTEGER NOT NULL,
    rows_rejected INTEGER NOT NULL,
    rejections    TEXT NOT NULL,               -- JSON: the first rejections with their reasons
    sha256        TEXT NOT NULL,
    active        INTEGER NOT NULL CHECK (active IN (0, 1))
) STRICT;

CREATE UNIQUE INDEX watchlist_snapshots_one_active ON watchlist_snapshots (list) WHERE active = 1;

CREATE TABLE watchlist_entities (
    snapshot_id BLOB NOT NULL REFERENCES watchlist_snapshots (id) ON DELETE CASCADE,
    id          BLOB NOT NULL,
    entity      BLOB NOT NULL,                 -- JSON, LZ4-compressed
    PRIMARY KEY (snapshot_id, id)
) STRICT;

-- Every search and screening, with its full report.
CREATE TABLE aml_searches (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    kind            TEXT NOT NULL CHECK (kind IN ('search', 'screening')),
    applicant_id    BLOB,
    requested_name  TEXT NOT NULL,
    max_risk_score  TEXT,
    hits            INTEGER NOT NULL,
    searched_at     INTEGER NOT NULL,
    report          BLOB NOT NULL               -- JSON, LZ4-compressed
) STRICT;

CREATE INDEX aml_searches_newest ON aml_searches (organization_id, environment, searched_at DESC, id DESC);
CREATE INDEX aml_searches_applicant ON aml_searches (applicant_id) WHERE applicant_id IS NOT NULL;

-- The FATF table in use; replaceable as a whole (`docket aml fatf --import`).
CREATE TABLE fatf_statuses (
    country     TEXT PRIMARY KEY,
    status      TEXT NOT NULL,
    description TEXT NOT NULL,
    url         TEXT NOT NULL,
    as_of       TEXT NOT NULL
) STRICT;

-- The transactional outbox: domain events written in the same transaction as the change that
-- caused them. Delivering them is the webhooks' business.
CREATE TABLE events (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    event_type      TEXT NOT NULL,
    subject_id      BLOB,
    payload         TEXT NOT NULL,
    created_at      INTEGER NOT NULL
) STRICT;

CREATE INDEX events_scope ON events (organization_id, environment, created_at, id);

-- When a screening-enabled applicant is next screened, on its environment's clock (NULL when
-- screening is off).
ALTER TABLE applicants ADD COLUMN next_screening_at INTEGER;
CREATE INDEX applicants_screening_due ON applicants (next_screening_at) WHERE next_screening_at IS NOT NULL;
