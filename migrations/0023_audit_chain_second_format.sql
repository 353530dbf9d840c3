-- The audit chain's second format (issue 32). Each event carries a random `salt` and
-- `data_hash` = SHA-256 of the salt and its data's canonical JSON, and its `hash` covers every
-- field but `data` and `salt`: an erasure empties `data` and drops the salt, and the emptied event
-- is still hashed and linked like any other (in the first format its hash covered `data`, so
-- nothing bound an emptied event's `prev_hash`).
--
-- Rows written before have neither: the engine rewrites their chains in the second format when
-- it opens (`audit::upgrade`), and records the first format's head hash on the chain. The partial
-- index finds those rows at every open without reading the table; it is empty once they are
-- rewritten.
ALTER TABLE audit_events ADD COLUMN salt TEXT;
ALTER TABLE audit_events ADD COLUMN data_hash TEXT;
CREATE INDEX audit_events_first_format ON audit_events (organization_id, environment, seq) WHERE data_hash IS NULL;

-- A chain's upgrade event, if it has one: the verifier recomputes the first format's hashes only
-- for a chain that was upgraded.
CREATE INDEX audit_events_upgrades ON audit_events (organization_id, environment) WHERE kind = 'chain_upgraded';
