-- One message per command batch (issue 36): a command to ten devices tells its sender once, when every device of the
-- batch (the commands of one request: one user, one idempotency key) has settled, not ten times. A batch's commands
-- are inserted pending (the request named several devices); the message's writer clears the flag of all of them in
-- the transaction that posts it, so the summary is posted once, by whichever process sees the batch settled first.
-- Commands from before this column, and single commands, are never pending: they keep their own messages.
ALTER TABLE commands ADD COLUMN batch_pending boolean NOT NULL DEFAULT false;
CREATE INDEX commands_batch_pending ON commands (user_id, idempotency_key) WHERE batch_pending;
