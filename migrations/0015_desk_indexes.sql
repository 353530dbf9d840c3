-- The desk at 100,000 cases (measured by bench/desk.sh): indexes that keep the queue's counts,
-- "next case", the SLA sort and the reviewer metrics from scanning every case or audit event.

-- Cases awaiting a reviewer that nobody holds: "next case" takes the first, the queue counts
-- them. Queries repeat this WHERE exactly (SQLite uses a partial index only then).
CREATE INDEX kyb_cases_waiting ON kyb_cases (organization_id, environment, created_at, id)
    WHERE status IN ('manual_review', 'failed') AND assignee_id IS NULL AND pending_decision IS NULL;

-- Decisions awaiting their second approval.
CREATE INDEX kyb_cases_second_approval ON kyb_cases (organization_id, environment)
    WHERE pending_decision IS NOT NULL;

-- The queue sorted by SLA due time, cases without an SLA last.
CREATE INDEX kyb_cases_sla_order
    ON kyb_cases (organization_id, environment, coalesce(sla_due_at, 9223372036854775807), created_at, id, status);

-- SLA breaches per reviewer (the metrics), without reading every audit event.
CREATE INDEX audit_events_breaches ON audit_events (organization_id, environment, at) WHERE kind = 'sla_breached';
