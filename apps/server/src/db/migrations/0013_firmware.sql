-- Firmware catalogue and device upgrades (R4.7 upgrade rules, R9.2 restart wait). The image bytes live in
-- DATA_DIR/firmware/<storage_name>; the row keeps what the rules and the audit need (kind, model family, version,
-- size, SHA-256).

CREATE TABLE firmware_images (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('PCU', 'DSP')),
  family text NOT NULL CHECK (family IN ('5K', '6K', '10K')),
  version text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  file_name text NOT NULL,
  -- Random file name under DATA_DIR/firmware/: never derived from what the uploader typed.
  storage_name text NOT NULL UNIQUE,
  notes text NOT NULL DEFAULT '',
  uploaded_by int NOT NULL REFERENCES users (id),
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, family, version)
);

-- One row per upgrade issued to a device. `restarting` until the device reports the target version (succeeded) or
-- the restart wait ends without it (failed).
CREATE TABLE device_upgrades (
  id serial PRIMARY KEY,
  device_id int NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  -- Kept when an image is deleted later; the version columns say what was installed.
  image_id int REFERENCES firmware_images (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('PCU', 'DSP')),
  from_version text NOT NULL,
  target_version text NOT NULL,
  -- The command of the command lifecycle that carried the upgrade to the device.
  command_id bigint,
  user_id int NOT NULL REFERENCES users (id),
  status text NOT NULL DEFAULT 'restarting' CHECK (status IN ('restarting', 'succeeded', 'failed')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  restart_until timestamptz NOT NULL,
  finished_at timestamptz
);

CREATE INDEX device_upgrades_device_idx ON device_upgrades (device_id, created_at DESC);
CREATE INDEX device_upgrades_open_idx ON device_upgrades (restart_until) WHERE status = 'restarting';
-- At most one open upgrade per device: PCU and DSP never together.
CREATE UNIQUE INDEX device_upgrades_one_open ON device_upgrades (device_id) WHERE status = 'restarting';

-- R9.2: a device is restarting for 20 minutes after an upgrade is issued.
ALTER TABLE devices ADD COLUMN restart_until timestamptz;
