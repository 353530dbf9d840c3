-- Non-document verification (issue 35, item 2): checks of a national identifier for an
-- applicant. `body` is the check as served (JSON), which holds the number only masked (its last
-- four characters): Docket keeps no full identifier. Times are milliseconds on the
-- environment's clock. The rows go with their applicant's erasure.
CREATE TABLE nondoc_checks (
    id                BLOB PRIMARY KEY,
    organization_id   BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment       TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    applicant_id      BLOB NOT NULL,
    verification_type TEXT NOT NULL,
    status            TEXT NOT NULL CHECK (status IN ('passed', 'failed', 'needs_review')),
    body              TEXT NOT NULL,
    created_at        INTEGER NOT NULL
) STRICT;
CREATE INDEX nondoc_checks_applicant ON nondoc_checks (organization_id, environment, applicant_id, created_at DESC, id DESC);
