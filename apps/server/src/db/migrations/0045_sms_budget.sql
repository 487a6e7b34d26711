-- The SMS budget (issue 38 point 2): every text message the platform sends (verification codes, alarm notices) is
-- counted here before it leaves, per destination number, per client address that asked (code requests) and for the
-- whole platform; over a budget nothing is sent. Counted in the database so every server process shares the budget.
-- features/notifications owns every write to these tables.
CREATE TABLE sms_sends (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- The number as stored ("prefix-number").
  destination text NOT NULL,
  -- The client address that asked for it (a code request), null for the platform's own (alarm notices).
  client text,
  purpose text NOT NULL CHECK (purpose IN ('code', 'alarm'))
);
CREATE INDEX sms_sends_destination ON sms_sends (destination, at);
CREATE INDEX sms_sends_client ON sms_sends (client, at) WHERE client IS NOT NULL;
CREATE INDEX sms_sends_at ON sms_sends (at);

-- One row per budget and window in which the administrators were told it was reached: told once, not per refusal.
CREATE TABLE sms_budget_alerts (
  budget text NOT NULL CHECK (budget IN ('number', 'client', 'platform')),
  window_start timestamptz NOT NULL,
  PRIMARY KEY (budget, window_start)
);

-- A refused alarm SMS stays in the rule's delivery log as refused.
ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_status_check;
ALTER TABLE notification_outbox ADD CONSTRAINT notification_outbox_status_check
  CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'held', 'digested', 'refused'));
-- The administrators' mail that a budget was reached.
ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_kind_check;
ALTER TABLE notification_outbox ADD CONSTRAINT notification_outbox_kind_check
  CHECK (kind IN ('alarm', 'digest', 'workorder', 'smsBudget'));
-- … and their in-app message.
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check
  CHECK (kind IN ('alarm', 'command', 'upgrade', 'workorder', 'notice', 'account', 'system'));
