-- E-mail verification: checks of an address (syntax, mail exchanger, disposable and role
-- rules, the verdict) with ownership proof by a one-time code, and the messages sent for them.
-- Times are milliseconds on the environment's clock.

-- A check. `body` is the check as served (JSON); `email_key` (the address lower-cased) serves
-- the list's filter. The code is stored only as its HMAC (`otp_hash`, keyed with `otp_salt`
-- and, when the server has a master key, a key derived from it), never in clear.
CREATE TABLE email_checks (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    email_key       TEXT NOT NULL,
    body            TEXT NOT NULL,
    otp_hash        BLOB,
    otp_salt        BLOB,
    otp_sent_at     INTEGER,
    otp_attempts    INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER
) STRICT;
CREATE INDEX email_checks_scope ON email_checks (organization_id, environment, created_at DESC, id DESC);
CREATE INDEX email_checks_address ON email_checks (organization_id, environment, email_key, created_at DESC);

-- A message for a check: in the sandbox it stays here (the outbox, shown by the console); in
-- production it is sent by SMTP and kept with its state.
CREATE TABLE email_messages (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    check_id        BLOB NOT NULL,
    to_address      TEXT NOT NULL,
    subject         TEXT NOT NULL,
    text_body       TEXT NOT NULL,
    html_body       TEXT NOT NULL,
    code            TEXT,
    locale          TEXT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('outbox', 'queued', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    created_at      INTEGER NOT NULL,
    sent_at         INTEGER
) STRICT;
CREATE INDEX email_messages_scope ON email_messages (organization_id, environment, created_at DESC, id DESC);
