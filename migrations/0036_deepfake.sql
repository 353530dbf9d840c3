-- Deepfake analysis (issue 35, item 4): one row per analysed stream (the WebSocket
-- `/api/v4/deepfake/stream`) or upload (`POST /api/v4/deepfake/analyses`). `body` is the
-- analysis as served (JSON), its evidence included; the other columns serve the list's filters.
-- A sandbox analysis carries its simulated verdict; a production one is `error` with the plain
-- reason (nothing offline can tell a deepfake) and the stream's or file's metadata as evidence.
-- Times are milliseconds on the environment's clock.
CREATE TABLE deepfake_analyses (
    id              BLOB PRIMARY KEY,
    organization_id BLOB NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    environment     TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    applicant_id    BLOB,
    source          TEXT NOT NULL CHECK (source IN ('stream', 'upload')),
    status          TEXT NOT NULL CHECK (status IN ('completed', 'error')),
    verdict         TEXT CHECK (verdict IN ('clear', 'suspicious', 'alert')),
    body            TEXT NOT NULL,
    created_at      INTEGER NOT NULL,
    -- A verdict exactly when the analysis completed.
    CHECK ((status = 'completed') = (verdict IS NOT NULL))
) STRICT;
CREATE INDEX deepfake_analyses_scope ON deepfake_analyses (organization_id, environment, created_at DESC, id DESC);
CREATE INDEX deepfake_analyses_applicant ON deepfake_analyses (applicant_id) WHERE applicant_id IS NOT NULL;

-- Days an environment keeps its deepfake analyses (and their uploaded files), on its own clock;
-- NULL: kept for good.
ALTER TABLE retention_settings ADD COLUMN deepfake_analyses_days INTEGER;
