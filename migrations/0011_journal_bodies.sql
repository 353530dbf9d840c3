-- Journal bodies are stored once however often they repeat: a client polling a page gets the
-- same response many times over, and storing it with every entry was most of what the journal
-- cost under load. Entries refer to their bodies by hash. Entries stored before this keep their
-- bodies inline (request_body, response_body), and are read as before.
CREATE TABLE journal_bodies (
    hash     BLOB PRIMARY KEY,   -- the first 16 bytes of the SHA-256 of `body`
    body     BLOB NOT NULL,      -- UTF-8 text, LZ4-compressed (size-prepended)
    -- The newest entry that refers to it: it goes when every entry up to this one has gone.
    last_seq INTEGER NOT NULL
) STRICT;

CREATE INDEX journal_bodies_last_seq ON journal_bodies (last_seq);

ALTER TABLE request_journal ADD COLUMN request_hash BLOB;
ALTER TABLE request_journal ADD COLUMN response_hash BLOB;
