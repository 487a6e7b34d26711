-- Firmware upgrades travel as commands of the command lifecycle (issue 6): a third category 'firmware', and the
-- image the device is to install (kind, model family, version, SHA-256, catalogue id) carried with the command,
-- since those are not numeric parameters.
ALTER TABLE commands DROP CONSTRAINT commands_category_check;
ALTER TABLE commands ADD CONSTRAINT commands_category_check CHECK (category IN ('remote', 'parameter', 'firmware'));
ALTER TABLE commands ADD COLUMN firmware jsonb;
