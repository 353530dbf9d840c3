-- Issue 35 item 3: bank statements and bankbooks uploaded for an applicant, and what was read
-- from each (`body`: the extraction as served, JSON). The file itself is in the file store
-- (owner `bank_statement`, owner id = the applicant's id); both go with the applicant's erasure,
-- and with retention's `bank_statements_days`.
CREATE TABLE bank_statements (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    applicant_id    BLOB NOT NULL,
    file_id         BLOB NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('extracted', 'needs_review')),
    body            TEXT NOT NULL,
    created_at      INTEGER NOT NULL
) STRICT;
CREATE INDEX bank_statements_scope ON bank_statements (organization_id, environment, created_at DESC, id DESC);
CREATE INDEX bank_statements_applicant ON bank_statements (organization_id, environment, applicant_id, created_at DESC);

ALTER TABLE retention_settings ADD COLUMN bank_statements_days INTEGER CHECK (bank_statements_days >= 1);
