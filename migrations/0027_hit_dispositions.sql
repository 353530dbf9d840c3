-- Hit resolution (issue 33): what a reviewer decided about a potential match, and the screenings a
-- KYB case runs linked back to it.

-- The case a screening ran for (its company or one of its persons), so the history can say
-- "for case <public id>"; NULL for searches and applicant screenings.
ALTER TABLE aml_searches ADD COLUMN case_id BLOB;
ALTER TABLE aml_searches ADD COLUMN case_public_id TEXT;
CREATE INDEX aml_searches_case ON aml_searches (case_id) WHERE case_id IS NOT NULL;

-- A reviewer's disposition of one listed entity for one screened party. Keyed by the party
-- (`applicant:<id>` or `case:<id>:<party>`), the entity and a fingerprint of what the list said
-- of it: a disposition outlives re-screening and applies until the list entry changes. A changed
-- disposition keeps the old row (`replaced_at`): the history is the rows of a key, newest first.
CREATE TABLE aml_hit_dispositions (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    party           TEXT NOT NULL,
    entity_id       BLOB NOT NULL,
    entity_version  TEXT NOT NULL,
    -- The screening the reviewer looked at.
    search_id       BLOB NOT NULL,
    disposition     TEXT NOT NULL CHECK (disposition IN ('true_match', 'false_positive', 'needs_more_information')),
    reason          TEXT NOT NULL,
    note            TEXT NOT NULL,
    actor           TEXT NOT NULL,
    reviewer_id     BLOB,
    api_key_id      BLOB,
    decided_at      INTEGER NOT NULL,
    replaced_at     INTEGER
) STRICT;

CREATE INDEX aml_hit_dispositions_party ON aml_hit_dispositions (organization_id, environment, party, entity_id);
CREATE UNIQUE INDEX aml_hit_dispositions_standing ON aml_hit_dispositions (organization_id, environment, party, entity_id)
    WHERE replaced_at IS NULL;
