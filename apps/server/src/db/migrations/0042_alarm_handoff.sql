-- Readings handed from one ingest process to another for alarm evaluation (issue 37, docs/decisions/0028). Each
-- device's alarm state is evaluated by the one process that holds its shard (a session advisory lock); a reading the
-- shared subscription gave to another process waits here until the owner takes it, evaluates it with its own and
-- deletes it in the same transaction. `faults` is the fault set the reading stated ({code, deviceCode} objects).
CREATE TABLE alarm_handoff (
  id bigserial PRIMARY KEY,
  shard int2 NOT NULL,
  device_id int NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  ts timestamptz NOT NULL,
  faults jsonb NOT NULL
);
CREATE INDEX alarm_handoff_shard ON alarm_handoff (shard, id);
