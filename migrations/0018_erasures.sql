-- Erasure on request (issue 16): what was erased, when and by whom, without the erased data
-- (the subject's id and how many records of each kind went).
CREATE TABLE erasures (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    subject_kind    TEXT NOT NULL CHECK (subject_kind IN ('applicant')),
    subject_id      BLOB NOT NULL,
    -- Real time, milliseconds.
    erased_at       INTEGER NOT NULL,
    -- Who asked: a reviewer's name, an API key's name, or `docket erase`.
    erased_by       TEXT NOT NULL,
    -- JSON: {"applicants": 1, "aml_searches": 3, ...}
    removed         TEXT NOT NULL
) STRICT;

CREATE INDEX erasures_scope ON erasures (organization_id, environment, erased_at DESC, id DESC);
