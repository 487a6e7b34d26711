-- Alarm notification rules (R3.10 "Alarm rule", page /alarmCenter/alarmRules, C/C): which alarms of which plants
-- are told to whom, over which channels, how often at most. Written only by features/notifications; delivery (the
-- outbox and its mail/SMS workers) reads them. docs/alarms.md "Notification rules".

CREATE TABLE notification_rules (
  id serial PRIMARY KEY,
  -- The account that created the rule: scope follows it (the owner and the owner's superiors see and change it).
  -- A deleted account's rules go with it, like its sessions: nobody else's subtree held them.
  owner_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
  -- true: every plant in the owner's scope, including plants added later; notification_rule_plants is then empty.
  all_plants boolean NOT NULL,
  -- Alarm groups and catalogue codes that notify; both empty = every alarm. An alarm in either list notifies.
  alarm_groups text[] NOT NULL DEFAULT '{}',
  alarm_codes text[] NOT NULL DEFAULT '{}',
  -- The least severe alarm that notifies, as a rank (0 critical … 3 warning, domain severityRank): delivery compares
  -- `severity rank <= min_severity_rank` without a lookup table.
  min_severity_rank smallint NOT NULL CHECK (min_severity_rank BETWEEN 0 AND 3),
  emails text[] NOT NULL DEFAULT '{}',
  -- "prefix-number", the form users.phone uses.
  phones text[] NOT NULL DEFAULT '{}',
  channels text[] NOT NULL CHECK (cardinality(channels) > 0 AND channels <@ ARRAY['email', 'sms']),
  hourly_limit int NOT NULL CHECK (hourly_limit BETWEEN 1 AND 1000),
  daily_limit int NOT NULL CHECK (daily_limit BETWEEN 1 AND 1000),
  recovery_notices boolean NOT NULL,
  enabled boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (hourly_limit <= daily_limit)
);
CREATE INDEX notification_rules_owner ON notification_rules (owner_id);

-- The chosen plants of a rule that does not cover all plants. A deleted plant leaves its rules (a rule whose last
-- plant went notifies for nothing until it is edited).
CREATE TABLE notification_rule_plants (
  rule_id int NOT NULL REFERENCES notification_rules (id) ON DELETE CASCADE,
  plant_id int NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
  PRIMARY KEY (rule_id, plant_id)
);
-- Delivery looks the rules up by the alarm's plant.
CREATE INDEX notification_rule_plants_plant ON notification_rule_plants (plant_id);

-- Receiving accounts (reached at their account's e-mail and phone); a deleted account stops receiving.
CREATE TABLE notification_rule_users (
  rule_id int NOT NULL REFERENCES notification_rules (id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (rule_id, user_id)
);
CREATE INDEX notification_rule_users_user ON notification_rule_users (user_id);
