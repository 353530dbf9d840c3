-- Decisions with safeguards and four eyes that routes itself (issue 33, items 4 and 5).

-- Several reasons per decision (JSON array; `reason` keeps the first, as before), the message
-- the merchant is shown once the decision applies (never the internal `note`), and the senior
-- the first reviewer asked for the second approval.
ALTER TABLE kyb_decisions ADD COLUMN reasons TEXT;
ALTER TABLE kyb_decisions ADD COLUMN merchant_message TEXT;
ALTER TABLE kyb_decisions ADD COLUMN approver_id BLOB;
ALTER TABLE kyb_decisions ADD COLUMN approver_name TEXT;

-- A remediation's internal note (the reviewers'; the merchant sees only `message`).
ALTER TABLE kyb_remediations ADD COLUMN note TEXT;

-- Remediation requests an organization reuses, per environment: several sections and
-- documents, each with its instruction, and a message. Managed by admins.
CREATE TABLE kyb_remediation_templates (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    name            TEXT NOT NULL,
    -- The name folded to lower case: two templates of a scope never share a name.
    name_key        TEXT NOT NULL,
    -- JSON array of {section, document_kind, message}.
    items           TEXT NOT NULL,
    message         TEXT,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    updated_by      TEXT NOT NULL,
    UNIQUE (organization_id, environment, name_key)
) STRICT;
