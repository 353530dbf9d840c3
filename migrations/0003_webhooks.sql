-- Webhooks: endpoints, their encrypted signing secrets, deliveries of outbox events and every
-- delivery attempt. Times are milliseconds on the environment's clock unless named `*_real`.

-- Engine-wide settings, such as the check value that tells whether a master key is the one
-- this database's secrets were encrypted with.
CREATE TABLE engine_settings (
    name  TEXT PRIMARY KEY,
    value BLOB NOT NULL
) STRICT;

CREATE TABLE webhooks (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    url             TEXT NOT NULL,
    -- A JSON array of event type names (`ALL` for every type).
    event_types     TEXT NOT NULL,
    enabled         INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    -- Why Docket disabled the endpoint (a 410 Gone answer), if it did.
    disabled_reason TEXT,
    -- The signing secret, encrypted with the master key (nonce || ciphertext).
    secret          BLOB NOT NULL,
    -- After a rotation, the previous secret stays valid until `previous_valid_until`.
    previous_secret BLOB,
    previous_valid_until INTEGER,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
) STRICT;

CREATE INDEX webhooks_scope ON webhooks (organization_id, environment, created_at, id);

-- Per environment webhook settings (absent: the defaults).
CREATE TABLE webhook_settings (
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    settings        TEXT NOT NULL,
    PRIMARY KEY (organization_id, environment)
) STRICT;

-- One event to one endpoint. `id` is the envelope's `id`: the same on every attempt.
CREATE TABLE deliveries (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    webhook_id      BLOB NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    -- The outbox event delivered (NULL for test events).
    event_id        BLOB,
    event_type      TEXT NOT NULL,
    -- The envelope exactly as sent (and signed).
    body            BLOB NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    -- Attempts of the current round (a replay starts a new round; the schedule restarts).
    round_attempts  INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    last_attempt_at INTEGER,
    response_code   INTEGER,
    last_error      TEXT,
    created_at      INTEGER NOT NULL
) STRICT;

CREATE INDEX deliveries_scope ON deliveries (organization_id, environment, created_at, id);
CREATE INDEX deliveries_webhook ON deliveries (webhook_id, created_at, id);
CREATE INDEX deliveries_due ON deliveries (organization_id, environment, next_attempt_at) WHERE state = 'pending';

CREATE TABLE delivery_attempts (
    delivery_id   BLOB NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,
    -- What started it: the schedule, a replay, a test.
    cause         TEXT NOT NULL,
    attempted_at  INTEGER NOT NULL,
    -- Unix seconds in the signature (real time, so receivers' tolerance checks work).
    signed_at     INTEGER NOT NULL,
    url           TEXT NOT NULL,
    response_code INTEGER,
    latency_ms    INTEGER NOT NULL,
    -- The start of the response body.
    response_excerpt TEXT,
    error         TEXT,
    -- When the next attempt is due after this one (NULL when none).
    retry_at      INTEGER,
    PRIMARY KEY (delivery_id, number)
) STRICT;
