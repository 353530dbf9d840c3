-- Issue 33, item 8: a production verification's review. `review` (JSON, null until a reviewer
-- acts) holds the reviewer's reading of the document (kept apart from Docket's `poi_data`), the
-- outcomes waiting for their one-minute undo window, and the review's history for the timeline.
-- It goes with its verification (erasure, reset).
ALTER TABLE verifications ADD COLUMN review TEXT;

-- Issue 33, item 9: the review of a flagged monitoring event (events themselves are
-- append-only): its disposition with the reviewer's note, and who works it. One row per event
-- reviewed; erased with the applicant's events, gone with a sandbox reset.
CREATE TABLE transmon_reviews (
    event_id        BLOB NOT NULL PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    applicant_id    BLOB NOT NULL,
    disposition     TEXT CHECK (disposition IN ('cleared', 'escalated', 'reported')),
    note            TEXT,
    disposed_by     TEXT,
    disposed_at     INTEGER,
    assignee_id     BLOB,
    assignee_name   TEXT,
    assigned_by     TEXT,
    assigned_at     INTEGER
) STRICT;
CREATE INDEX transmon_reviews_applicant ON transmon_reviews (organization_id, environment, applicant_id);
