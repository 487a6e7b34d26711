-- In-app messages (the "message management" menu group; the shell's notification bell). features/messages owns
-- every write. A message stores what it is about (kind, event, parameters), not words: the page renders it in the
-- reader's language at the time they read it.
CREATE TABLE messages (
  id bigserial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('alarm', 'command', 'upgrade', 'workorder', 'notice')),
  event text NOT NULL CHECK (char_length(event) BETWEEN 1 AND 32),
  params jsonb NOT NULL DEFAULT '{}',
  -- A path inside the app the message leads to (an alarm, a command, a work order), or null.
  link text CHECK (link IS NULL OR (link LIKE '/%' AND char_length(link) <= 512)),
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_user ON messages (user_id, created_at DESC, id DESC);
-- The bell's count.
CREATE INDEX messages_unread ON messages (user_id) WHERE read_at IS NULL;
