-- Retention per environment (issue 16): how long the request journal and the AML search
-- history are kept. (Finished webhook deliveries keep theirs in the webhook settings.) An
-- environment without a row keeps the defaults: the journal for the server's own limit
-- (`--journal-retention`, 7 days), searches for good.
CREATE TABLE retention_settings (
    organization_id     BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment         TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    journal_days        INTEGER CHECK (journal_days >= 1),
    search_history_days INTEGER CHECK (search_history_days >= 1),
    PRIMARY KEY (organization_id, environment)
) STRICT;
