-- KYT, crypto-address risk (issue 35): checks of an address on a named chain (its validity, an
-- exact match against the sanctions lists' digital-currency addresses, exposure simulated in
-- the sandbox only), and the addresses kept under ongoing monitoring.
-- Times are milliseconds on the environment's clock.

-- A check. `body` is the check as served (JSON); the other columns serve the list's filters.
-- `canonical` is null for an address that is not valid on its chain.
CREATE TABLE kyt_checks (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    chain           TEXT NOT NULL,
    address         TEXT NOT NULL,
    canonical       TEXT,
    applicant_id    BLOB,
    risk_level      TEXT,
    origin          TEXT NOT NULL CHECK (origin IN ('api', 'monitoring', 'transaction', 'demo')),
    body            TEXT NOT NULL,
    created_at      INTEGER NOT NULL
) STRICT;
CREATE INDEX kyt_checks_scope ON kyt_checks (organization_id, environment, created_at DESC, id DESC);
CREATE INDEX kyt_checks_address ON kyt_checks (organization_id, environment, chain, canonical);
CREATE INDEX kyt_checks_applicant ON kyt_checks (organization_id, environment, applicant_id) WHERE applicant_id IS NOT NULL;

-- An address under ongoing monitoring, started by a check with `monitor: true` (its id is that
-- check's). Re-checked on every list import; `listed` holds the ids of the entities that listed
-- it at the last check (JSON array), so only a new listing makes a new check and event.
CREATE TABLE kyt_monitors (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    chain           TEXT NOT NULL,
    canonical       TEXT NOT NULL,
    applicant_id    BLOB,
    listed          TEXT NOT NULL,
    last_check_id   BLOB NOT NULL,
    started_at      INTEGER NOT NULL,
    stopped_at      INTEGER
) STRICT;
CREATE INDEX kyt_monitors_scope ON kyt_monitors (organization_id, environment, started_at DESC);
