-- Signed webhooks (issue 40 point 2; docs/integrations.md "Webhooks", decision 0040). features/webhooks owns every
-- write to these tables.

-- A user's subscription: an http(s) target, the events it wants, and all plants of the owner's scope (plant_ids
-- null) or chosen ones. Scope and permissions are checked when events are queued and again at every delivery.
CREATE TABLE webhook_subscriptions (
  id serial PRIMARY KEY,
  owner_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2048),
  events text[] NOT NULL CHECK (cardinality(events) BETWEEN 1 AND 16),
  plant_ids int[] CHECK (plant_ids IS NULL OR cardinality(plant_ids) BETWEEN 1 AND 200),
  -- `whsec_<base64>`: kept recoverable because every delivery signs with it (decision 0040 says why it is not
  -- encrypted); shown to the owner only at creation and rotation.
  secret text NOT NULL CHECK (secret LIKE 'whsec\_%'),
  enabled boolean NOT NULL DEFAULT true,
  -- owner: switched off by its owner; failing: every delivery failed for a day (the owner was told).
  disabled_reason text CHECK (disabled_reason IN ('owner', 'failing')),
  -- The first failure of the current unbroken run of failures; null after a success.
  failing_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_subscriptions_owner ON webhook_subscriptions (owner_id, id);
-- Queuing an event looks up the enabled subscriptions wanting its type.
CREATE INDEX webhook_subscriptions_events ON webhook_subscriptions USING gin (events) WHERE enabled;

-- One message to one subscription, written in the transaction that decided the event (the outbox). The message id
-- (`webhook-id`) and the body are fixed here and sent byte for byte on every attempt and redelivery, so a receiver
-- can drop a duplicate by its id.
CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  subscription_id int NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
  message_id text NOT NULL UNIQUE,
  type text NOT NULL CHECK (char_length(type) BETWEEN 1 AND 64),
  -- The plant the event concerns (null: a test ping), re-checked against the owner's scope before every attempt.
  plant_id int,
  body text NOT NULL,
  -- pending → sending → delivered; sending → pending (retry after backoff) or failed (attempts used up);
  -- pending → dropped (the owner no longer holds the plant or permission, or is disabled).
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed', 'dropped')),
  attempt_count int NOT NULL DEFAULT 0,
  -- When the row may be claimed next: now for new rows, the backoff after a failure, the claim's expiry while
  -- sending (a worker that died mid-send leaves the row to be claimed again then).
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries (subscription_id, id DESC);

-- The delivery log: one row per attempt.
CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  http_status int,
  error text CHECK (error IS NULL OR char_length(error) <= 512),
  ms int NOT NULL,
  body text NOT NULL DEFAULT '' CHECK (char_length(body) <= 1024)
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);

-- Online or offline as the webhooks last told it, per device: the jobs role compares the status rule's answer with
-- this in one transaction and queues `device.online` / `device.offline` for the devices that changed, so the change
-- and its messages commit together and several processes never tell one change twice.
CREATE TABLE webhook_device_status (
  device_id int PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
  online boolean NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);

-- Its owner hears by mail when a failing webhook was switched off.
ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_kind_check;
ALTER TABLE notification_outbox ADD CONSTRAINT notification_outbox_kind_check
  CHECK (kind IN ('alarm', 'digest', 'workorder', 'smsBudget', 'webhookDisabled'));
