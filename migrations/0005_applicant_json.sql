-- Each applicant's public JSON: the applicant exactly as every applicant endpoint returns it.
-- The list sends these texts as stored instead of decoding and re-encoding every row. The store
-- rewrites the column on every change of the applicant (create, update, screening result).
-- NULL means "not yet built": the engine builds every missing one when it opens the database
-- (so existing rows are backfilled at the first start after this migration). A later change of
-- the applicant's wire shape must come with a migration that sets the column back to NULL.
ALTER TABLE applicants ADD COLUMN public_json TEXT;

-- Finds the rows still to build without scanning the table (empty once they are built).
CREATE INDEX applicants_public_json_missing ON applicants (id) WHERE public_json IS NULL;
