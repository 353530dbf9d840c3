-- The file store: blobs under the data directory (`files/<first two hex digits>/<sha256>`),
-- content addressed, each with a scoped record of what it is and whose it is. A blob shared by
-- several records (the same content uploaded twice) is removed with the last of them.
CREATE TABLE files (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    -- What the file belongs to (`watchlist_upload`, ...) and that record's id; the file goes
    -- with it.
    owner_kind      TEXT NOT NULL,
    owner_id        BLOB NOT NULL,
    sha256          TEXT NOT NULL,
    size            INTEGER NOT NULL,
    -- The media type the sender declared, and the one the content shows (magic bytes).
    declared_type   TEXT,
    sniffed_type    TEXT NOT NULL,
    -- The sent name, without any path, control characters or excess length.
    original_name   TEXT,
    created_at      INTEGER NOT NULL
) STRICT;

CREATE INDEX files_scope ON files (organization_id, environment, created_at, id);
CREATE INDEX files_owner ON files (owner_kind, owner_id);
CREATE INDEX files_sha256 ON files (sha256);
