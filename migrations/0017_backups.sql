-- Backups taken from the console (issue 16): where they go and how many are kept, and a record
-- of each. Machine-wide, not per organization: a backup holds the whole data directory.

-- The one row of settings (absent: the defaults, `backups` in the data directory, keep 7, no
-- daily backup).
CREATE TABLE backup_settings (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    -- An absolute path; NULL: `backups` inside the data directory.
    folder TEXT,
    keep   INTEGER NOT NULL CHECK (keep BETWEEN 1 AND 100),
    -- Whether a backup is taken every day (as due work on the owner's production clock).
    daily  INTEGER NOT NULL DEFAULT 0 CHECK (daily IN (0, 1))
) STRICT;

CREATE TABLE backups (
    id             BLOB PRIMARY KEY,
    -- Real time, milliseconds (a backup is of the machine, not of a sandbox's clock).
    taken_at       INTEGER NOT NULL,
    path           TEXT NOT NULL,
    bytes          INTEGER NOT NULL,
    files          INTEGER NOT NULL,
    schema_version INTEGER NOT NULL,
    -- The reviewer who asked for it.
    taken_by       TEXT NOT NULL,
    -- When it was deleted to keep only the newest `keep`.
    removed_at     INTEGER
) STRICT;

CREATE INDEX backups_newest ON backups (taken_at DESC);
