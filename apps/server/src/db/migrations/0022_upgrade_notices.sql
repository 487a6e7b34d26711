-- Upgrade notices (R2.12 shell: "upgrade notice dialog"). features/notices owns every write to these tables.

-- A notice is written in every UI language at once (packages/domain notices.ts requires all four), so the words are
-- columns, not rows: a notice can never exist with a language missing. Plain text; the page never renders it as
-- HTML. The length checks repeat the domain's limits (counted in characters) as the last line of defence.
CREATE TABLE upgrade_notices (
  id serial PRIMARY KEY,
  version text NOT NULL CHECK (char_length(version) BETWEEN 1 AND 16),
  -- The release day the notice announces (chosen by the publisher, not the publication time).
  notice_date date NOT NULL,
  title_zh text NOT NULL CHECK (char_length(title_zh) BETWEEN 1 AND 120),
  title_en text NOT NULL CHECK (char_length(title_en) BETWEEN 1 AND 120),
  title_cs text NOT NULL CHECK (char_length(title_cs) BETWEEN 1 AND 120),
  title_de text NOT NULL CHECK (char_length(title_de) BETWEEN 1 AND 120),
  body_zh text NOT NULL CHECK (char_length(body_zh) BETWEEN 1 AND 4000),
  body_en text NOT NULL CHECK (char_length(body_en) BETWEEN 1 AND 4000),
  body_cs text NOT NULL CHECK (char_length(body_cs) BETWEEN 1 AND 4000),
  body_de text NOT NULL CHECK (char_length(body_de) BETWEEN 1 AND 4000),
  -- Who published it (kept for accountability; the operation record names them too).
  published_by int REFERENCES users (id) ON DELETE SET NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);
-- The list and the unseen query read newest first.
CREATE INDEX upgrade_notices_published_idx ON upgrade_notices (published_at DESC, id DESC);

-- One row per user and notice they dismissed: stored on the server so a dismissal holds in every browser. Withdrawing
-- a notice (deleting it) or deleting the user takes their rows along.
CREATE TABLE upgrade_notice_dismissals (
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  notice_id int NOT NULL REFERENCES upgrade_notices (id) ON DELETE CASCADE,
  dismissed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, notice_id)
);
CREATE INDEX upgrade_notice_dismissals_notice_idx ON upgrade_notice_dismissals (notice_id);
