-- Plant scripts (R3.2 "per-plant script"): a Python script that derives a plant's figures from its devices'
-- 5-minute energies when the default sum does not fit the plant's wiring. The ingest keeps writing the default sums
-- to plant_energy_*; a job runs active scripts and writes their results to plant_script_energy_*. Every reader of
-- plant figures reads the plant_figures_* views, which pick the script's rows for plants whose script is active.

ALTER TABLE plants ADD COLUMN script_active boolean NOT NULL DEFAULT false;

CREATE TABLE plant_scripts (
  plant_id int PRIMARY KEY REFERENCES plants (id) ON DELETE CASCADE,
  source text NOT NULL,
  -- Bumped on every save; script results carry the version they came from.
  version int NOT NULL DEFAULT 1,
  updated_by int REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Last run of the job: when, and the error (with its line) when it failed; NULL error = success.
  last_run_at timestamptz,
  last_error text,
  -- Buckets before this time have been derived by the script (the job continues from here).
  derived_until timestamptz
);

CREATE TABLE plant_script_energy_5m (
  plant_id int NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
  bucket timestamptz NOT NULL,
  pv_kwh double precision NOT NULL DEFAULT 0,
  load_kwh double precision NOT NULL DEFAULT 0,
  grid_import_kwh double precision NOT NULL DEFAULT 0,
  grid_export_kwh double precision NOT NULL DEFAULT 0,
  bat_charge_kwh double precision NOT NULL DEFAULT 0,
  bat_discharge_kwh double precision NOT NULL DEFAULT 0,
  -- Earnings in the plant's currency when the script computes them (custom formula); NULL = from the tariff.
  earnings double precision,
  PRIMARY KEY (plant_id, bucket)
);

CREATE TABLE plant_script_energy_day (
  plant_id int NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
  day date NOT NULL,
  pv_kwh double precision NOT NULL DEFAULT 0,
  load_kwh double precision NOT NULL DEFAULT 0,
  grid_import_kwh double precision NOT NULL DEFAULT 0,
  grid_export_kwh double precision NOT NULL DEFAULT 0,
  bat_charge_kwh double precision NOT NULL DEFAULT 0,
  bat_discharge_kwh double precision NOT NULL DEFAULT 0,
  earnings double precision,
  PRIMARY KEY (plant_id, day)
);

CREATE TABLE plant_script_energy_month (
  plant_id int NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
  month date NOT NULL,
  pv_kwh double precision NOT NULL DEFAULT 0,
  load_kwh double precision NOT NULL DEFAULT 0,
  grid_import_kwh double precision NOT NULL DEFAULT 0,
  grid_export_kwh double precision NOT NULL DEFAULT 0,
  bat_charge_kwh double precision NOT NULL DEFAULT 0,
  bat_discharge_kwh double precision NOT NULL DEFAULT 0,
  earnings double precision,
  PRIMARY KEY (plant_id, month)
);

-- Named indicators a script adds (shown on the plant detail), latest value each.
CREATE TABLE plant_script_indicators (
  plant_id int NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
  name text NOT NULL,
  value double precision NOT NULL,
  unit text NOT NULL DEFAULT '',
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (plant_id, name)
);

CREATE VIEW plant_figures_5m AS
  SELECT e.plant_id, e.bucket, e.pv_kwh, e.load_kwh, e.grid_import_kwh, e.grid_export_kwh, e.bat_charge_kwh,
         e.bat_discharge_kwh, NULL::double precision AS earnings
    FROM plant_energy_5m e JOIN plants p ON p.id = e.plant_id WHERE NOT p.script_active
  UNION ALL
  SELECT s.plant_id, s.bucket, s.pv_kwh, s.load_kwh, s.grid_import_kwh, s.grid_export_kwh, s.bat_charge_kwh,
         s.bat_discharge_kwh, s.earnings
    FROM plant_script_energy_5m s JOIN plants p ON p.id = s.plant_id WHERE p.script_active;

CREATE VIEW plant_figures_day AS
  SELECT e.plant_id, e.day, e.pv_kwh, e.load_kwh, e.grid_import_kwh, e.grid_export_kwh, e.bat_charge_kwh,
         e.bat_discharge_kwh, NULL::double precision AS earnings
    FROM plant_energy_day e JOIN plants p ON p.id = e.plant_id WHERE NOT p.script_active
  UNION ALL
  SELECT s.plant_id, s.day, s.pv_kwh, s.load_kwh, s.grid_import_kwh, s.grid_export_kwh, s.bat_charge_kwh,
         s.bat_discharge_kwh, s.earnings
    FROM plant_script_energy_day s JOIN plants p ON p.id = s.plant_id WHERE p.script_active;

CREATE VIEW plant_figures_month AS
  SELECT e.plant_id, e.month, e.pv_kwh, e.load_kwh, e.grid_import_kwh, e.grid_export_kwh, e.bat_charge_kwh,
         e.bat_discharge_kwh, NULL::double precision AS earnings
    FROM plant_energy_month e JOIN plants p ON p.id = e.plant_id WHERE NOT p.script_active
  UNION ALL
  SELECT s.plant_id, s.month, s.pv_kwh, s.load_kwh, s.grid_import_kwh, s.grid_export_kwh, s.bat_charge_kwh,
         s.bat_discharge_kwh, s.earnings
    FROM plant_script_energy_month s JOIN plants p ON p.id = s.plant_id WHERE p.script_active;
