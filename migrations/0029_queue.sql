-- Issue 33, item 6: the queue. Search by people's names, and sorts that walk an index.

-- What the queue's search looks in, per case: the company's names, its registration number,
-- external and public ids, and the names of its people (the representative, the persons of
-- the ownership section), folded to lower case. Written by the KYB store with every write of
-- the case, so that a search reads this narrow table and never the cases' JSON.
CREATE TABLE kyb_case_search (
    case_id         BLOB PRIMARY KEY REFERENCES kyb_cases (id) ON DELETE CASCADE,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    text            TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX kyb_case_search_scope ON kyb_case_search (organization_id, environment, case_id, text);

-- The cases there are today (their people's names from the stored form).
INSERT INTO kyb_case_search (case_id, organization_id, environment, text)
SELECT id, organization_id, environment, lower(
    coalesce(company_name, '') || ' ' || coalesce(json_extract(form, '$.company.dba'), '') || ' ' ||
    coalesce(registration_number, '') || ' ' || coalesce(external_id, '') || ' ' || public_id || ' ' ||
    coalesce(json_extract(form, '$.representative.first_name'), '') || ' ' ||
    coalesce(json_extract(form, '$.representative.last_name'), '') || ' ' ||
    coalesce((SELECT group_concat(coalesce(json_extract(p.value, '$.first_name'), '') || ' ' ||
                                  coalesce(json_extract(p.value, '$.last_name'), ''), ' ')
              FROM json_each(form, '$.ownership.persons') AS p), ''))
FROM kyb_cases;

-- The queue's sortable columns: by company name and by assignee (cases without one last),
-- each walking an index in order with the status (the tabs' filter) decided on its entries.
-- The ORDER BY of `CaseSort::order_by` repeats these expressions exactly.
CREATE INDEX kyb_cases_company_order
    ON kyb_cases (organization_id, environment, company_name IS NULL, company_name COLLATE NOCASE, id, status);
CREATE INDEX kyb_cases_assignee_order
    ON kyb_cases (organization_id, environment, assignee_name IS NULL, assignee_name COLLATE NOCASE, id, status);
