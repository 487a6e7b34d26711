-- Alarm Center search, export and overview (issue 13): indexes for the read side (features/alarms/alarm-search.*).
--
-- The search always asks for one page in one order (ORDER BY <column>, raised_at, id LIMIT 15) among the alarms of
-- the caller's devices, counts the matches only up to a cap, and the overview aggregates the alarms raised in its
-- window. Each index below lets one of those walk an index in the requested order and stop after the page, and
-- carries the scope column (device_id) so that the devices of other branches are skipped in the index, without
-- visiting the table. The big covering index on raised_at carries every filter column as well, so the default
-- order, the capped count and the overview's aggregation read only the index (an index-only scan).
--
-- The alarm engine does not use these: its statements read by id, by (device_id, code) and the partial unique index.
-- last_seen_at is deliberately in no index: the engine updates it on every reading of an active fault, and an
-- indexed column would make each of those updates rewrite every index (no HOT update).

-- Newest first (the default order), ranges of raise times (from/to, the overview's window), the capped count.
-- Replaces alarms_raised_idx (same key).
CREATE INDEX alarms_search_raised_idx ON alarms (raised_at DESC, id DESC)
  INCLUDE (device_id, plant_id, severity_rank, state, group_name, acknowledged_at, flapping, recovered_at, code);
DROP INDEX alarms_raised_idx;

-- Active alarms, newest first (the default view of the device and plant details, "state=active" filters).
CREATE INDEX alarms_search_active_idx ON alarms (raised_at DESC, id DESC)
  INCLUDE (device_id, plant_id, severity_rank, group_name, acknowledged_at, code)
  WHERE state = 'active';

-- One severity, newest first, and the severity order (most severe first, newest first; the reverse backwards).
CREATE INDEX alarms_search_severity_idx ON alarms (severity_rank, raised_at DESC, id DESC) INCLUDE (device_id);

-- One catalogue code, and the code order (its ties in the same direction: a backward scan serves the reverse).
CREATE INDEX alarms_search_code_idx ON alarms (code, raised_at, id) INCLUDE (device_id);

-- The recovery-time order.
CREATE INDEX alarms_search_recovered_idx ON alarms (recovered_at DESC, id DESC) INCLUDE (device_id);

-- One device's alarms newest first (deviceId filter, the serial-number order walks the devices in sn order), the
-- count of a small scope, and (with the plant) the plant order of a limited scope without visiting the table.
CREATE INDEX alarms_search_device_idx ON alarms (device_id, raised_at DESC, id DESC) INCLUDE (plant_id);

-- One plant's alarms newest first (plantId filter, the plant order walks the plants by name).
-- Replaces alarms_plant_raised_idx (same leading key, now with the tie-breaker and the scope column).
CREATE INDEX alarms_search_plant_idx ON alarms (plant_id, raised_at DESC, id DESC) INCLUDE (device_id);
DROP INDEX alarms_plant_raised_idx;

-- The serial-number order walks the devices by sn: devices.sn is UNIQUE (an index already). The plant order walks
-- plants by name.
CREATE INDEX plants_name_idx ON plants (name, id);
