-- Due work: everything that must happen later or again (a webhook delivery's next attempt, an
-- applicant's next screening, and the coming domains' checks, expiries and mail), one row per
-- subject and kind. Times are milliseconds: `due_at` on the environment's clock, `claimed_until`
-- in real time (a lease: a crash means the item runs again once it expires).
CREATE TABLE due_work (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    subject_id      BLOB NOT NULL,
    due_at          INTEGER NOT NULL,
    -- Bumped whenever the item is scheduled anew: a run that claimed an older generation may
    -- not complete it (the subject changed meanwhile; it runs again).
    generation      INTEGER NOT NULL DEFAULT 0,
    -- Runs since it was last scheduled or rescheduled.
    attempts        INTEGER NOT NULL DEFAULT 0,
    claimed_until   INTEGER,
    last_error      TEXT,
    UNIQUE (kind, subject_id)
) STRICT;

CREATE INDEX due_work_due ON due_work (kind, organization_id, environment, due_at);

-- Pending deliveries and monitored applicants move onto it.
INSERT INTO due_work (kind, organization_id, environment, subject_id, due_at)
    SELECT 'webhook_delivery', organization_id, environment, id, next_attempt_at
    FROM deliveries WHERE state = 'pending' AND next_attempt_at IS NOT NULL;
INSERT INTO due_work (kind, organization_id, environment, subject_id, due_at)
    SELECT 'aml_screening', organization_id, environment, id, next_screening_at
    FROM applicants WHERE next_screening_at IS NOT NULL;

DROP INDEX deliveries_due;
DROP INDEX applicants_screening_due;
ALTER TABLE applicants DROP COLUMN next_screening_at;
