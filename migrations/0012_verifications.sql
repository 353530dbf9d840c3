-- Document verification (KYC): profiles, their public links, verifications and uploaded
-- documents. Times are milliseconds on the environment's clock.

-- A profile: what a verification asks for. `settings` is the typed settings object (JSON).
-- One profile per environment is the default; it is made on first use.
CREATE TABLE verification_profiles (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    name            TEXT NOT NULL,
    description     TEXT,
    settings        TEXT NOT NULL,
    is_default      INTEGER NOT NULL DEFAULT 0,
    is_archived     INTEGER NOT NULL DEFAULT 0,
    created_by      TEXT,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER,
    UNIQUE (organization_id, environment, name)
) STRICT;
CREATE INDEX verification_profiles_scope ON verification_profiles (organization_id, environment, created_at DESC, id DESC);
CREATE UNIQUE INDEX verification_profiles_one_default
    ON verification_profiles (organization_id, environment) WHERE is_default = 1;

-- A profile's public link (at most one per profile, spec 2.5).
CREATE TABLE verification_links (
    link_id            TEXT PRIMARY KEY,
    organization_id    BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment        TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    profile_id         BLOB NOT NULL UNIQUE REFERENCES verification_profiles (id) ON DELETE CASCADE,
    expiration_minutes INTEGER NOT NULL,
    created_at         INTEGER NOT NULL,
    archived_at        INTEGER
) STRICT;
CREATE INDEX verification_links_scope ON verification_links (organization_id, environment);

-- A verification. `settings` is its profile's settings when it was made; `checks`,
-- `documents`, `poi_data`, `manual_fields` and `duplicated` are JSON as served.
CREATE TABLE verifications (
    id               BLOB PRIMARY KEY,
    organization_id  BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment      TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    applicant_id     BLOB NOT NULL REFERENCES applicants (id),
    profile_id       BLOB NOT NULL,
    short_id         TEXT NOT NULL UNIQUE,
    link_id          TEXT,
    status           TEXT NOT NULL,
    account_id       TEXT NOT NULL,
    settings         TEXT NOT NULL,
    checks           TEXT NOT NULL,
    documents        TEXT NOT NULL DEFAULT '[]',
    poi_data         TEXT,
    manual_fields    TEXT NOT NULL DEFAULT '{}',
    duplicated       TEXT NOT NULL DEFAULT '[]',
    sandbox_result   TEXT,
    country_code     TEXT,
    document_type    TEXT,
    -- Who moved it to its status last (`api`, `person`, `docket`, `reviewer:<name>`).
    updated_by       TEXT,
    created_at       INTEGER NOT NULL,
    expires_at       INTEGER NOT NULL,
    proceeded_at     INTEGER,
    completed_at     INTEGER
) STRICT;
CREATE INDEX verifications_scope ON verifications (organization_id, environment, created_at DESC, id DESC, status);
CREATE INDEX verifications_status ON verifications (organization_id, environment, status, created_at DESC, id DESC);
CREATE INDEX verifications_applicant ON verifications (applicant_id, created_at DESC);

-- An uploaded document: the file is in the file store (owner `verification_document`).
-- `sha256` and `dhash` (a 256-bit difference hash of an image, 32 bytes, for near-duplicates) find the
-- same document sent for another applicant.
CREATE TABLE verification_documents (
    id               BLOB PRIMARY KEY,
    organization_id  BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment      TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    applicant_id     BLOB NOT NULL REFERENCES applicants (id),
    verification_id  BLOB,
    file_id          BLOB NOT NULL,
    document_type    TEXT NOT NULL,
    side             TEXT,
    issued_country   TEXT,
    content_type     TEXT NOT NULL,
    file_name        TEXT,
    size             INTEGER NOT NULL,
    sha256           TEXT NOT NULL,
    dhash            BLOB,
    created_at       INTEGER NOT NULL
) STRICT;
CREATE INDEX verification_documents_applicant ON verification_documents (applicant_id, created_at);
CREATE INDEX verification_documents_verification ON verification_documents (verification_id);
CREATE INDEX verification_documents_sha256 ON verification_documents (organization_id, environment, sha256);
CREATE INDEX verification_documents_pictures ON verification_documents (organization_id, environment) WHERE dhash IS NOT NULL;
