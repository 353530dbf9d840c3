-- The console: one-time login links, browser sessions, and who made each journaled request.
-- Link tokens and session secrets are kept only as SHA-256 hashes. Times are real time
-- (milliseconds), never a sandbox clock.

-- A link that opens a console session once, within its validity.
CREATE TABLE console_login_links (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    hash            BLOB NOT NULL UNIQUE,
    created_at      INTEGER NOT NULL,
    expires_at      INTEGER NOT NULL,
    used_at         INTEGER
) STRICT;

-- A signed-in browser. It acts for one organization; each request names the environment.
-- `expires_at` slides forward with use (last_seen_at + the session lifetime).
CREATE TABLE console_sessions (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    hash            BLOB NOT NULL UNIQUE,
    created_at      INTEGER NOT NULL,
    last_seen_at    INTEGER NOT NULL,
    expires_at      INTEGER NOT NULL
) STRICT;

-- Who made a request: an API key (its id), or the console with the reviewer's name.
ALTER TABLE request_journal ADD COLUMN source TEXT NOT NULL DEFAULT 'api' CHECK (source IN ('api', 'console'));
ALTER TABLE request_journal ADD COLUMN reviewer TEXT;
ALTER TABLE request_journal ADD COLUMN api_key_id BLOB;

-- The console's overview counts deliveries by state.
CREATE INDEX deliveries_state ON deliveries (organization_id, environment, state);
