-- Web Push as the third notification channel (issue 41 point 3; docs/alarms.md "Push"). Written only by
-- features/notifications. One row per browser (profile) a user enabled push on: the push service's endpoint and the
-- browser's keys the payload is encrypted for (RFC 8291). The VAPID key the server signs with is a server secret.
CREATE TABLE push_subscriptions (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- One browser is one subscription: subscribing again (also as another user of that browser) takes the row over.
  endpoint text NOT NULL UNIQUE CHECK (char_length(endpoint) BETWEEN 1 AND 1024),
  p256dh text NOT NULL CHECK (char_length(p256dh) BETWEEN 1 AND 100),
  auth text NOT NULL CHECK (char_length(auth) BETWEEN 1 AND 100),
  -- Browser and system as the page named them, or the user agent.
  label text NOT NULL CHECK (char_length(label) <= 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_success_at timestamptz,
  last_failure_at timestamptz,
  last_error text
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, id);

ALTER TABLE notification_rules DROP CONSTRAINT notification_rules_channels_check;
ALTER TABLE notification_rules ADD CONSTRAINT notification_rules_channels_check
  CHECK (cardinality(channels) > 0 AND channels <@ ARRAY['email', 'sms', 'push']);

-- A push row's address is `push:<subscription id>`: one row per subscribed browser of the receiver, so limits,
-- digests and the delivery log count per browser like per e-mail address or phone.
ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_channel_check;
ALTER TABLE notification_outbox ADD CONSTRAINT notification_outbox_channel_check
  CHECK (channel IN ('email', 'sms', 'push'));
