-- Verification codes for self-registration and password reset (issue 16). features/auth owns every write
-- (verification.repository.ts). Only a salted hash of the code is stored; the code itself exists in the message sent.
-- A row is written for every request, whether or not the address belongs to an account, so the resend wait and the
-- per-address limit behave alike for both and the answer gives nothing away.
CREATE TABLE verification_codes (
  id bigserial PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'reset')),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  -- A lower-case e-mail address or "prefix-number", as the users table stores phones.
  address text NOT NULL CHECK (char_length(address) BETWEEN 1 AND 254),
  code_hash text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Every check of a code counts here before it is made; a right one gives its try back.
  tries int NOT NULL DEFAULT 0,
  used_at timestamptz
);

CREATE INDEX verification_codes_address ON verification_codes (purpose, address, created_at DESC);
CREATE INDEX verification_codes_ip ON verification_codes (ip, created_at DESC);
