-- Commands to devices (issue 6): each row is one command to one device and, at the same time, its control record.
-- Lifecycle queued → sent → acknowledged → succeeded | failed | timed_out | expired; the sender, the idempotency key
-- and the expiry travel with it. Control records stay while the device exists.
CREATE TABLE commands (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The id on the wire: the device answers with it and ignores one it has already executed.
  wire_id text NOT NULL UNIQUE,
  device_id int NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  user_id int REFERENCES users (id) ON DELETE SET NULL,
  username text NOT NULL,
  kind text NOT NULL,
  category text NOT NULL CHECK (category IN ('remote', 'parameter')),
  parameters jsonb NOT NULL,
  read_back jsonb,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'sent', 'acknowledged', 'succeeded', 'failed', 'timed_out', 'expired')),
  reason text,
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  acked_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz NOT NULL,
  UNIQUE (user_id, idempotency_key, device_id)
);

CREATE INDEX commands_open ON commands (device_id, created_at) WHERE status IN ('queued', 'sent', 'acknowledged');
CREATE INDEX commands_device_created ON commands (device_id, created_at DESC);
CREATE INDEX commands_created ON commands (created_at DESC);

-- The last value each device reported back per register: "enter a new value" compares against it.
CREATE TABLE device_parameters (
  device_id int NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  key text NOT NULL,
  value double precision NOT NULL,
  reported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, key)
);
