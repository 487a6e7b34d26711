-- Self-registered accounts wait for approval (issue 38 point 1). Anyone could register an installer account below
-- any dealer by naming its (sequential) client code and work at once with the role's permissions. Now such an
-- account is 'pending' until the account it named, or a user above it who may edit users, approves it (confirming
-- its role and level) or refuses it; until then its sessions hold no permission (session.repository.ts). Accounts
-- made by a superior, and every account made before this, are 'approved'.
ALTER TABLE users ADD COLUMN approval text NOT NULL DEFAULT 'approved'
  CHECK (approval IN ('pending', 'approved', 'refused'));
-- The requests a superior sees first in the user list.
CREATE INDEX users_awaiting_approval ON users (path) WHERE approval = 'pending';
-- The superior hears of a request in messages: a new kind, 'account' (event 'registered').
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check
  CHECK (kind IN ('alarm', 'command', 'upgrade', 'workorder', 'notice', 'account'));
