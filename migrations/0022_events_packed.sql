-- Cheaper writes of webhook events and transaction monitoring's events (issue 15's benchmark).
--
-- An event's payload may be stored compressed: `payload` is then an LZ4 blob of the JSON (rows
-- written before stay JSON text, which is why the column's type is ANY). Payloads are a few
-- kilobytes of repetitive JSON, and under 5,000 transaction events/s the outbox's pages were the
-- largest part of what each commit wrote. The erasure, which found payloads naming a subject
-- with SQL, now reads them in Rust (`events::store::erase_mentions`).
CREATE TABLE events_new (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    event_type      TEXT NOT NULL,
    subject_id      BLOB,
    payload         ANY NOT NULL,
    created_at      INTEGER NOT NULL
) STRICT;
INSERT INTO events_new (id, organization_id, environment, event_type, subject_id, payload, created_at)
    SELECT id, organization_id, environment, event_type, subject_id, payload, created_at FROM events;
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
CREATE INDEX events_scope ON events (organization_id, environment, created_at, id);

-- The list's index of transaction events in ascending order: a new event's entry is the last
-- one, where SQLite appends without splitting pages in half. Descending, every new entry went
-- to the first leaf, and its pages were measured half empty (2.9 times the pages of the
-- outbox's index for the same events). The list, newest first, reads it backwards.
DROP INDEX transmon_events_scope;
CREATE INDEX transmon_events_scope
    ON transmon_events (organization_id, environment, received_at, id, applicant_id, kind, decision);
