-- Delivery of alarm notices and other mail/SMS (issue "Alarm rules and notifications"; docs/alarms.md "Delivery").
-- features/notifications owns every write to these tables.

-- The language an account reads in: the UI's language of its latest session (GET /api/auth/me), so mail and SMS
-- reach the receiver in the language they use. Written by features/users.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('zh', 'en', 'cs', 'de'));

-- What the alarm engine decided, written in the same transaction that raised, flagged as flapping or recovered the
-- alarm (one short insert; the engine's transaction never looks rules up). A job expands each event into outbox rows
-- for the matching rules' receivers and deletes it in one transaction, so an event is expanded exactly once.
CREATE TABLE notification_events (
  id bigserial PRIMARY KEY,
  alarm_id bigint NOT NULL REFERENCES alarms (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (event IN ('raised', 'flapping', 'recovered')),
  at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per message to one address over one channel. The message id is fixed when the row is written and sent
-- with every attempt (the Message-ID header; the SMS provider's idempotency key), so a worker killed during a send
-- and the retry after it are one message to the receiver.
CREATE TABLE notification_outbox (
  id bigserial PRIMARY KEY,
  message_id uuid NOT NULL UNIQUE,
  -- alarm: one alarm's raise, flapping or recovery; digest: notices held back by a limit; workorder: an assignment.
  kind text NOT NULL CHECK (kind IN ('alarm', 'digest', 'workorder')),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  -- The rule that asked for it (alarm and digest rows); a deleted rule takes its log along.
  rule_id int REFERENCES notification_rules (id) ON DELETE CASCADE,
  -- The receiving account, or null for an address the rule names.
  user_id int REFERENCES users (id) ON DELETE CASCADE,
  -- An e-mail address, or a phone number as "prefix-number".
  address text NOT NULL CHECK (char_length(address) BETWEEN 1 AND 254),
  language text NOT NULL CHECK (language IN ('zh', 'en', 'cs', 'de')),
  -- What the text is made of (names, codes, times, the plant's zone); rendered at send time in `language`.
  payload jsonb NOT NULL,
  -- pending → sending → sent; sending → pending again (retry after backoff) or failed (attempts used up);
  -- pending → held (a limit was reached) → digested (sent inside the digest `digest_id`).
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'held', 'digested')),
  attempts int NOT NULL DEFAULT 0,
  -- When the row may be claimed next: now for new rows, the backoff after a failure, the claim's expiry while
  -- sending (a worker that died mid-send leaves the row to be claimed again then).
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  -- When a worker first took it for sending: the time the hourly and daily limits count.
  counted_at timestamptz,
  digest_id bigint REFERENCES notification_outbox (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX notification_outbox_due ON notification_outbox (next_attempt_at) WHERE status IN ('pending', 'sending');
-- The delivery log of a rule, newest first.
CREATE INDEX notification_outbox_rule ON notification_outbox (rule_id, id DESC);
-- The limits count what was taken for sending per rule, channel and address in the last hour and day.
CREATE INDEX notification_outbox_window ON notification_outbox (rule_id, channel, address, counted_at)
  WHERE counted_at IS NOT NULL;
CREATE INDEX notification_outbox_held ON notification_outbox (rule_id, channel, address) WHERE status = 'held';
