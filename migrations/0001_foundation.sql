-- Foundation: organizations, API keys, the sandbox clock, applicants and the request journal.
-- Conventions: ids are UUIDv7 stored as 16-byte BLOBs; times are INTEGER milliseconds since the
-- Unix epoch (UTC); every record carries organization_id and environment, and every query
-- filters by both.

CREATE TABLE organizations (
    id          BLOB PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    is_default  INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    created_at  INTEGER NOT NULL
) STRICT;

CREATE UNIQUE INDEX organizations_one_default ON organizations (is_default) WHERE is_default = 1;

-- Keys are kept only as SHA-256 hashes. `lookup` (the hash's first 8 bytes) finds the candidate
-- row; the full hash is then compared in constant time.
CREATE TABLE api_keys (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    name            TEXT NOT NULL,
    lookup          BLOB NOT NULL,
    hash            BLOB NOT NULL UNIQUE,
    hint            TEXT NOT NULL,
    pinned_from     TEXT,
    created_at      INTEGER NOT NULL,
    last_used_at    INTEGER,
    revoked_at      INTEGER
) STRICT;

CREATE INDEX api_keys_lookup ON api_keys (lookup);
CREATE INDEX api_keys_organization ON api_keys (organization_id, environment);

-- The sandbox clock of each organization: real time moved by `offset_ms`, or stopped at
-- `frozen_at`. Production always runs on real time and has no row here.
CREATE TABLE sandbox_clocks (
    organization_id BLOB PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
    offset_ms       INTEGER NOT NULL DEFAULT 0,
    frozen_at       INTEGER,
    updated_at      INTEGER NOT NULL
) STRICT;

CREATE TABLE applicants (
    id                    BLOB PRIMARY KEY,
    organization_id       BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment           TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    external_id           TEXT,
    type                  TEXT NOT NULL CHECK (type IN ('Person', 'Organization')),
    email                 TEXT,
    phone                 TEXT,
    provided_info         TEXT NOT NULL,          -- JSON: the data as supplied
    verified_info         TEXT,                   -- JSON: data confirmed by a verification
    verification_status   TEXT NOT NULL DEFAULT 'initial',
    last_verification_id  BLOB,
    last_verification_at  INTEGER,
    aml_screening_enabled INTEGER NOT NULL DEFAULT 0 CHECK (aml_screening_enabled IN (0, 1)),
    search_options        TEXT NOT NULL,          -- JSON
    last_aml_screening_id BLOB,
    last_screened_at      INTEGER,
    last_risk_score       TEXT,
    last_tags             TEXT,                   -- JSON array
    tg_profile            TEXT,
    -- Filter columns, kept in step with provided_info by the store.
    search_name           TEXT NOT NULL,          -- folded names for the `name` filter
    country               TEXT,
    citizenship           TEXT,
    dob                   TEXT,
    created_at            INTEGER NOT NULL,
    updated_at            INTEGER NOT NULL
) STRICT;

CREATE UNIQUE INDEX applicants_external_id
    ON applicants (organization_id, environment, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX applicants_newest ON applicants (organization_id, environment, created_at DESC, id DESC);

-- Every API request, bounded by count and age (see the journal settings).
CREATE TABLE request_journal (
    seq               INTEGER PRIMARY KEY,
    request_id        TEXT NOT NULL,
    organization_id   BLOB,
    environment       TEXT,
    received_at       INTEGER NOT NULL,
    method            TEXT NOT NULL,
    path              TEXT NOT NULL,
    query             TEXT,
    status            INTEGER NOT NULL,
    latency_us        INTEGER NOT NULL,
    client            TEXT,
    request_body      BLOB,                   -- UTF-8 text, LZ4-compressed (size-prepended)
    request_truncated INTEGER NOT NULL DEFAULT 0,
    response_body     BLOB,                   -- likewise
    response_truncated INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE INDEX request_journal_scope ON request_journal (organization_id, environment, seq DESC);
CREATE INDEX request_journal_received ON request_journal (received_at);
