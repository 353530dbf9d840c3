-- Issue 32, item 6: one-time codes cannot be ground down, and production never keeps a code in
-- clear.

-- A check's wrong codes are counted across all its codes: a resend no longer starts again.
ALTER TABLE email_checks RENAME COLUMN otp_attempts TO wrong_codes;

-- What one address had in one day (the UTC day on the environment's clock, `YYYY-MM-DD`): the
-- codes sent to it and the wrong codes tried for it, across checks. The address is kept only as
-- a keyed digest (HMAC-SHA256 with a key derived from the master key) of its lower-cased form:
-- these rows name no one. Only the current day's rows are kept.
CREATE TABLE email_address_days (
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    address_digest  BLOB NOT NULL,
    day             TEXT NOT NULL,
    codes_sent      INTEGER NOT NULL DEFAULT 0,
    wrong_codes     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (organization_id, environment, address_digest, day)
) STRICT, WITHOUT ROWID;
CREATE INDEX email_address_days_day ON email_address_days (organization_id, environment, day);

-- Messages, rebuilt with two rules the database itself holds: a production message never has a
-- code in clear (its subject and bodies are written with the code masked), and only a message
-- still waiting to be sent holds its code, sealed with the master key (XChaCha20-Poly1305, the
-- message id as associated data) for the next try. Production messages written before are
-- scrubbed: their code goes, and one still waiting is failed (its code cannot be sealed now).
CREATE TABLE email_messages_new (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    check_id        BLOB NOT NULL,
    to_address      TEXT NOT NULL,
    subject         TEXT NOT NULL,
    text_body       TEXT NOT NULL,
    html_body       TEXT NOT NULL,
    code            TEXT,
    sealed_code     BLOB,
    locale          TEXT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('outbox', 'queued', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    created_at      INTEGER NOT NULL,
    sent_at         INTEGER,
    CHECK (code IS NULL OR environment = 'sandbox'),
    CHECK (sealed_code IS NULL OR (environment = 'production' AND state = 'queued'))
) STRICT;
INSERT INTO email_messages_new (id, organization_id, environment, check_id, to_address, subject, text_body, html_body,
                                code, sealed_code, locale, state, attempts, last_error, created_at, sent_at)
    SELECT id, organization_id, environment, check_id, to_address,
           CASE WHEN environment = 'production' AND code IS NOT NULL THEN replace(subject, code, '••••••') ELSE subject END,
           CASE WHEN environment = 'production' AND code IS NOT NULL THEN replace(text_body, code, '••••••') ELSE text_body END,
           CASE WHEN environment = 'production' AND code IS NOT NULL THEN replace(html_body, code, '••••••') ELSE html_body END,
           CASE WHEN environment = 'production' THEN NULL ELSE code END,
           NULL,
           locale,
           CASE WHEN environment = 'production' AND state = 'queued' THEN 'failed' ELSE state END,
           attempts,
           CASE
               WHEN environment = 'production' AND state = 'queued'
                   THEN 'not sent: written before codes were sealed; ask for a new code'
               WHEN environment = 'production' AND code IS NOT NULL AND last_error IS NOT NULL
                   THEN replace(last_error, code, '••••••')
               ELSE last_error
           END,
           created_at, sent_at
    FROM email_messages;
DROP TABLE email_messages;
ALTER TABLE email_messages_new RENAME TO email_messages;
CREATE INDEX email_messages_scope ON email_messages (organization_id, environment, created_at DESC, id DESC);
