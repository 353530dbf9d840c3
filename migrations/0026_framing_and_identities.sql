-- Issue 32, item 8: framing and names.

-- An organization's own settings, for both of its environments. `frame_origins`: the sites
-- (origins, as a JSON array of strings) that may show its hosted pages (the KYB widget, the
-- verification pages) in a frame, besides Docket itself.
CREATE TABLE organization_settings (
    organization_id BLOB PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
    frame_origins   TEXT NOT NULL DEFAULT '[]'
) STRICT;

-- Every name, e-mail address and phone number an applicant has held, the current ones
-- included, written with each create and change of the applicant: an erasure looks for each
-- of them, so that what named the person under an earlier name goes too. Deleted with the
-- applicant.
CREATE TABLE applicant_identities (
    applicant_id    BLOB NOT NULL REFERENCES applicants (id),
    kind            TEXT NOT NULL CHECK (kind IN ('name', 'email', 'phone')),
    value           TEXT NOT NULL,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    first_held_at   INTEGER NOT NULL,
    PRIMARY KEY (applicant_id, kind, value)
) STRICT, WITHOUT ROWID;

-- What the applicants hold today: their earlier values were not kept before this table.
INSERT OR IGNORE INTO applicant_identities (applicant_id, kind, value, organization_id, environment, first_held_at)
SELECT id, kind, value, organization_id, environment, updated_at FROM (
    SELECT id, 'name' AS kind, json_extract(provided_info, '$.full_name') AS value, organization_id, environment,
           updated_at FROM applicants
    UNION ALL
    SELECT id, 'name', json_extract(provided_info, '$.first_name') || ' ' || json_extract(provided_info, '$.last_name'),
           organization_id, environment, updated_at FROM applicants
    UNION ALL
    SELECT id, 'name', json_extract(verified_info, '$.full_name'), organization_id, environment, updated_at
        FROM applicants WHERE verified_info IS NOT NULL
    UNION ALL
    SELECT id, 'name', json_extract(verified_info, '$.first_name') || ' ' || json_extract(verified_info, '$.last_name'),
           organization_id, environment, updated_at FROM applicants WHERE verified_info IS NOT NULL
    UNION ALL
    SELECT id, 'email', email, organization_id, environment, updated_at FROM applicants
    UNION ALL
    SELECT id, 'email', json_extract(verified_info, '$.email'), organization_id, environment, updated_at
        FROM applicants WHERE verified_info IS NOT NULL
    UNION ALL
    SELECT id, 'phone', phone, organization_id, environment, updated_at FROM applicants
) WHERE value IS NOT NULL;
