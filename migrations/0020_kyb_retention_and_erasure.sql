-- Decided KYB cases' documents under retention, and more subjects in the erasure log (issue 16).

-- Retention of decided KYB cases' documents (issue 16): days after the decision that their
-- files are kept; null (the default) keeps them for good, as AML record keeping usually requires.
ALTER TABLE retention_settings ADD COLUMN case_files_days INTEGER CHECK (case_files_days >= 1);

-- Erasure of KYB cases, verifications and e-mail checks: the erasure log takes them as subjects (SQLite cannot change a
-- CHECK in place, so the table is made again with its rows).
CREATE TABLE erasures_new (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    subject_kind    TEXT NOT NULL CHECK (subject_kind IN ('applicant', 'kyb_case', 'verification', 'email_check')),
    subject_id      BLOB NOT NULL,
    erased_at       INTEGER NOT NULL,
    erased_by       TEXT NOT NULL,
    removed         TEXT NOT NULL
) STRICT;
INSERT INTO erasures_new SELECT id, organization_id, environment, subject_kind, subject_id, erased_at, erased_by, removed
    FROM erasures;
DROP TABLE erasures;
ALTER TABLE erasures_new RENAME TO erasures;
CREATE INDEX erasures_scope ON erasures (organization_id, environment, erased_at DESC, id DESC);
