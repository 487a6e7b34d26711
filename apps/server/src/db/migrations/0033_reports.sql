-- Report management (R2.21 User Center → My templates / Data selection, R3.8 Template). features/reports owns every
-- write. A template belongs to its saver: the saver's superiors see it (data scope), only the saver changes it. The
-- limits (4 devices, 8 indices of the field catalogue) are checked by packages/domain (reports.ts) before they get
-- here; the checks below only keep a bad row out if that ever fails.
CREATE TABLE report_templates (
  id serial PRIMARY KEY,
  owner_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 200),
  device_ids int[] NOT NULL CHECK (cardinality(device_ids) BETWEEN 1 AND 4),
  indices text[] NOT NULL CHECK (cardinality(indices) BETWEEN 1 AND 8),
  created_at timestamptz NOT NULL DEFAULT now(),
  saved_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_templates_owner ON report_templates (owner_id, saved_at DESC);

-- Data selection exports: a row per export a user asked for, filled by the report-export job (claimed with
-- FOR UPDATE SKIP LOCKED, so several job processes share them). The file stays in the row until it expires and is
-- deleted; only its owner ever reads it.
CREATE TABLE report_exports (
  id serial PRIMARY KEY,
  owner_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  format text NOT NULL CHECK (format IN ('xlsx', 'csv')),
  lang text NOT NULL,
  query jsonb NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  progress_pct int NOT NULL DEFAULT 0 CHECK (progress_pct BETWEEN 0 AND 100),
  file_name text NOT NULL DEFAULT '',
  file bytea,
  error_key text,
  claimed_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  expires_at timestamptz
);
CREATE INDEX report_exports_owner ON report_exports (owner_id, created_at DESC);
CREATE INDEX report_exports_pending ON report_exports (created_at) WHERE state IN ('queued', 'running');
