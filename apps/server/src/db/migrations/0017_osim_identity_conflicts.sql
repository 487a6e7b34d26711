-- OSIM has no authentication: a second connection that claims a serial number whose connection still answers is
-- refused (link/osim-gateway.ts). Each refusal is kept here so the device page can show it.
ALTER TABLE devices ADD COLUMN osim_conflicts integer NOT NULL DEFAULT 0;
ALTER TABLE devices ADD COLUMN osim_conflict_at timestamptz;
ALTER TABLE devices ADD COLUMN osim_conflict_remote text;
