-- Issue 33: which mentions a reviewer has read. One row per comment and reviewer it mentions,
-- written when they open the comment's case or mark their mentions read; a mention without a
-- row is unread. Goes with its case (erasure, reset).
CREATE TABLE kyb_mention_reads (
    comment_id      BLOB NOT NULL REFERENCES kyb_comments (id) ON DELETE CASCADE,
    reviewer_id     BLOB NOT NULL,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    case_id         BLOB NOT NULL REFERENCES kyb_cases (id) ON DELETE CASCADE,
    read_at         INTEGER NOT NULL,
    PRIMARY KEY (comment_id, reviewer_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX kyb_mention_reads_case ON kyb_mention_reads (case_id);
