-- Which of an account's contacts were proved by a code (issue 38 point 3). Registering by e-mail stored the mobile
-- number given beside it as the account's, so a stranger's number blocked its owner's registration. A contact counts
-- as the account's only while it equals the address a code proved (`verified_email` in lower case, `verified_phone`
-- as stored, "prefix-number"): changed by any edit, it is unverified again without a flag to keep in step. Only a
-- verified contact makes an address "already registered"; codes for resets still go to any contact.
ALTER TABLE users ADD COLUMN verified_email text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN verified_phone text NOT NULL DEFAULT '';
-- Accounts made before this: which contact a code proved is not known, so they keep blocking as they did.
UPDATE users SET verified_email = lower(email), verified_phone = phone;
