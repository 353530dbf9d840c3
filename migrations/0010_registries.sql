-- Company registry snapshots (UK Companies House BasicCompanyData, GLEIF LEI golden copy),
-- imported by `docket registries import` and shared by every organization, as watchlists are.
-- An import replaces every record of its source in one transaction.
CREATE TABLE registry_records (
    id              INTEGER PRIMARY KEY,
    source          TEXT NOT NULL,
    country         TEXT NOT NULL,
    jurisdiction    TEXT NOT NULL,
    number          TEXT NOT NULL,
    -- Upper-case letters and digits of the number, and the name without punctuation or legal
    -- form: what lookups compare.
    number_key      TEXT NOT NULL,
    name_key        TEXT NOT NULL,
    record          TEXT NOT NULL
) STRICT;

CREATE INDEX registry_records_number ON registry_records (number_key, country);
CREATE INDEX registry_records_name ON registry_records (name_key, country);
CREATE INDEX registry_records_source ON registry_records (source, country);

CREATE TABLE registry_snapshots (
    source       TEXT PRIMARY KEY,
    file_name    TEXT NOT NULL,
    records      INTEGER NOT NULL,
    rows_read    INTEGER NOT NULL,
    rows_rejected INTEGER NOT NULL,
    imported_at  INTEGER NOT NULL
) STRICT;
