-- API keys (issue 40): credentials a user makes for programs. Written only by features/api-keys. As with sessions
-- and kiosk links only the key's SHA-256 is stored, so a copy of the database calls nothing. What a key may do is
-- its permissions and plants intersected, at every call, with what its owner holds then.

CREATE TABLE api_keys (
  id serial PRIMARY KEY,
  -- A deleted account's keys go with it, like its sessions; a disabled one's stay but are refused while it is.
  owner_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
  -- The key's first characters, shown in the list to tell keys apart (never enough to guess the rest).
  shown text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  writes boolean NOT NULL,
  permissions text[] NOT NULL,
  -- NULL: every plant of the owner's scope as it is at each call (plants added later included).
  plant_ids int[] CHECK (plant_ids IS NULL OR cardinality(plant_ids) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The end of the key's last day (UTC).
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  -- Written at most once a minute per key, with the address of that call.
  last_used_at timestamptz,
  last_used_ip text
);

CREATE INDEX api_keys_owner_idx ON api_keys (owner_id, created_at DESC);

-- Which key made a change (NULL: the browser's session). Kept when the key is deleted with its owner: the record
-- outlives both.
ALTER TABLE operation_records ADD COLUMN api_key_id int;
