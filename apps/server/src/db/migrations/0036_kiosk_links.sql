-- Kiosk links (issue 17): read-only tokens that open the big screens (/bigScreen/map, /charts, /flowGraph) on a wall
-- without a login. Written only by features/bigscreen. The token itself is never stored: only its SHA-256, as for
-- sessions, so a copy of the database opens no screen.

CREATE TABLE kiosk_links (
  id serial PRIMARY KEY,
  -- The user whose scope the screen shows (intersected with plant_ids at every read). A deleted account's links go
  -- with it, like its sessions; a disabled one's stay but are refused while it is disabled.
  owner_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
  -- NULL: every plant of the owner's scope as it is when the screen reads (plants added later included).
  plant_ids int[] CHECK (plant_ids IS NULL OR cardinality(plant_ids) BETWEEN 1 AND 500),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The end of the link's last day (UTC): the screen stops at this instant.
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  -- Written at most once a minute per link (a wall screen reads every few seconds).
  last_used_at timestamptz
);

CREATE INDEX kiosk_links_owner_idx ON kiosk_links (owner_id, created_at DESC);
