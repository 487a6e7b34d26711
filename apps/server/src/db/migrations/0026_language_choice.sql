-- Whether users.language is the account's own choice (made with the language switch) rather than the UI language of
-- its latest session. A chosen language applies on every browser at login and is no longer overwritten by the
-- browser rule of R1.4, which decides only until the first choice. Written by features/users.
ALTER TABLE users ADD COLUMN language_chosen boolean NOT NULL DEFAULT false;
