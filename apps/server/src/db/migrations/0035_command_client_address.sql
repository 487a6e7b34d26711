-- The client address a command was sent from (issue 16: control records filter and export by it, as operation
-- records do). Commands sent before have none on record: the operation record of their request holds the address
-- but not a key that ties it to one command (the idempotency key is stored as "***" like every *key field), so
-- they stay NULL and read "not recorded" rather than a guess.
ALTER TABLE commands ADD COLUMN ip text;

CREATE INDEX commands_ip ON commands (ip) WHERE ip IS NOT NULL;
