-- The request journal is pruned by age from its oldest entry (lowest seq) forward, so it no
-- longer needs an index on received_at: one index less to update on every journaled request.
DROP INDEX request_journal_received;
