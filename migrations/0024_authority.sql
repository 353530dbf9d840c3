-- Issue 31: who may do what. A decision made with an API key names the key (the integration's
-- own decision); before, it was recorded with no one.
ALTER TABLE kyb_decisions ADD COLUMN api_key_id BLOB;

-- Reviewers sign in themselves: a password (argon2id, its PHC string) and a TOTP second
-- factor (its secret sealed with the master key; `totp_pending` while it is being set up;
-- `totp_last_step` refuses a code used once already). A removed reviewer keeps their history
-- and name but can no longer sign in.
ALTER TABLE reviewers ADD COLUMN password_hash TEXT;
ALTER TABLE reviewers ADD COLUMN totp_secret BLOB;
ALTER TABLE reviewers ADD COLUMN totp_pending BLOB;
ALTER TABLE reviewers ADD COLUMN totp_last_step INTEGER;
ALTER TABLE reviewers ADD COLUMN removed_at INTEGER;

-- What a session was opened with (a one-time link, or a password and code), from where.
ALTER TABLE console_sessions ADD COLUMN method TEXT NOT NULL DEFAULT 'link';
ALTER TABLE console_sessions ADD COLUMN address TEXT;
ALTER TABLE console_sessions ADD COLUMN user_agent TEXT;
