-- File management (issue 35, item 5): a document erased on its own (`DELETE
-- /api/v3/documents/{id}`) leaves this tombstone instead of its `verification_documents` row: what
-- it was (type, side, when uploaded, for which applicant and verification) and who erased it
-- when, never its content, name or hash. Its file is gone from the file store. The tombstone goes
-- with its applicant's erasure and with a sandbox reset. Times are milliseconds on the
-- environment's clock.
CREATE TABLE verification_document_tombstones (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    applicant_id    BLOB NOT NULL,
    verification_id BLOB,
    document_type   TEXT NOT NULL,
    side            TEXT,
    uploaded_at     INTEGER NOT NULL,
    erased_at       INTEGER NOT NULL,
    erased_by       TEXT NOT NULL
) STRICT;
CREATE INDEX verification_document_tombstones_applicant
    ON verification_document_tombstones (organization_id, environment, applicant_id, uploaded_at);
