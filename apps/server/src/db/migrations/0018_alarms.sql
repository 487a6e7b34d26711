-- Alarm Center (issue 13). The alarm engine (features/alarms) owns every write to these tables.

-- A battery's data arrive through its inverter, an inverter's through its collector: a battery or collector is
-- online while the devices it carries report (features/devices/device-status.ts). NULL: no known path (the plant's
-- inverters stand in).
ALTER TABLE devices ADD COLUMN reports_via int REFERENCES devices (id) ON DELETE SET NULL;
CREATE INDEX devices_reports_via_idx ON devices (reports_via) WHERE reports_via IS NOT NULL;

-- One row per alarm. `code` is the catalogue code (packages/domain alarms: 'grid.voltageHigh', 'unknown.77',
-- 'communication.noData'); group and severity are copied from the catalogue when raised so that filters and counts
-- need no catalogue join. At most one active alarm per (device, code): a partial unique index, so two ingest
-- processes raising the same alarm at once leave one.
CREATE TABLE alarms (
  id bigserial PRIMARY KEY,
  device_id int NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  -- The plant the device was installed in when the alarm was raised (kept if the device moves later).
  plant_id int REFERENCES plants (id) ON DELETE SET NULL,
  code text NOT NULL,
  -- The device fault code that raised it (NULL for alarms the platform raises itself, such as no data).
  device_code int,
  group_name text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('critical', 'major', 'minor', 'warning')),
  -- 0 critical … 3 warning: "major or above" is severity_rank <= 1.
  severity_rank smallint NOT NULL CHECK (severity_rank BETWEEN 0 AND 3),
  state text NOT NULL CHECK (state IN ('active', 'recovered')),
  -- When the fault began (its first report, before debounce), the newest report of it, and when it cleared.
  raised_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  recovered_at timestamptz,
  -- Times the fault came back within the flapping window and was folded into this alarm.
  flaps int NOT NULL DEFAULT 0,
  flapping boolean NOT NULL DEFAULT false,
  acknowledged_at timestamptz,
  acknowledged_by int REFERENCES users (id) ON DELETE SET NULL,
  ack_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'recovered') = (recovered_at IS NOT NULL))
);

CREATE UNIQUE INDEX alarms_one_active_idx ON alarms (device_id, code) WHERE state = 'active';
CREATE INDEX alarms_raised_idx ON alarms (raised_at DESC, id DESC);
CREATE INDEX alarms_plant_raised_idx ON alarms (plant_id, raised_at DESC);
CREATE INDEX alarms_device_code_idx ON alarms (device_id, code, raised_at DESC);
CREATE INDEX alarms_active_idx ON alarms (device_id, severity_rank) WHERE state = 'active';

-- The alarm's timeline: raised, seen again (the fault came back before it recovered), flapping, acknowledged,
-- recovered.
CREATE TABLE alarm_events (
  id bigserial PRIMARY KEY,
  alarm_id bigint NOT NULL REFERENCES alarms (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('raised', 'seen', 'flapping', 'acknowledged', 'recovered')),
  user_id int REFERENCES users (id) ON DELETE SET NULL,
  note text
);

CREATE INDEX alarm_events_alarm_idx ON alarm_events (alarm_id, at);

-- What the engine knows of each fault a device is reporting now, between readings: since when it is present (for
-- debounce), since when it is absent (for hysteresis), and the active alarm it raised. Kept in the database so the
-- state survives restarts and is shared by several ingest processes.
CREATE TABLE alarm_faults (
  device_id int NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  code text NOT NULL,
  device_code int,
  present_since timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  absent_since timestamptz,
  alarm_id bigint REFERENCES alarms (id) ON DELETE SET NULL,
  PRIMARY KEY (device_id, code)
);
