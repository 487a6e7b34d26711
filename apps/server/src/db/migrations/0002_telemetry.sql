-- Plants, devices, readings and energy rollups.

CREATE TABLE plants (
  id serial PRIMARY KEY,
  name text NOT NULL,
  type smallint NOT NULL CHECK (type IN (1, 2, 3)),
  power_kw double precision NOT NULL,
  capacity_kwh double precision NOT NULL DEFAULT 0,
  longitude double precision NOT NULL,
  latitude double precision NOT NULL,
  address text NOT NULL DEFAULT '',
  azimuth_deg real NOT NULL DEFAULT 180,
  inclination_deg real NOT NULL DEFAULT 30,
  currency text NOT NULL DEFAULT 'CNY',
  on_grid_type smallint NOT NULL DEFAULT 1,
  time_zone text NOT NULL,
  -- The account the plant belongs to; the plant is in the data scope of that account and everyone above it.
  owner_id int NOT NULL REFERENCES users (id),
  construction_date date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX plants_owner_idx ON plants (owner_id);

-- Affiliated accounts: users who see a plant without owning it.
CREATE TABLE plant_users (
  plant_id int NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (plant_id, user_id)
);

CREATE INDEX plant_users_user_idx ON plant_users (user_id);

CREATE TABLE devices (
  id serial PRIMARY KEY,
  sn text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('inverter', 'battery', 'collector')),
  model text NOT NULL,
  battery_model text NOT NULL DEFAULT '',
  installation_position text NOT NULL DEFAULT '',
  -- Who holds the device (stocked it in); scope like plants.
  owner_id int NOT NULL REFERENCES users (id),
  plant_id int REFERENCES plants (id),
  dsp_version text NOT NULL DEFAULT '',
  pcu_version text NOT NULL DEFAULT '',
  grid_code text NOT NULL DEFAULT '',
  battery_protocol text NOT NULL DEFAULT '',
  meter_protocol text NOT NULL DEFAULT '',
  template text NOT NULL DEFAULT '',
  grid_limit_w integer,
  soc_lower_limit_pct smallint,
  protocol text NOT NULL DEFAULT 'mqtt' CHECK (protocol IN ('mqtt', 'osim')),
  -- Mosquitto-compatible hash of the device's random MQTT secret; the secret itself is never stored.
  secret_hash text,
  imported_at timestamptz NOT NULL DEFAULT now(),
  activated_at timestamptz,
  last_seen_at timestamptz,
  last_reading_at timestamptz,
  fault_word bigint NOT NULL DEFAULT 0,
  warning_word bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX devices_owner_idx ON devices (owner_id);
CREATE INDEX devices_plant_idx ON devices (plant_id);

-- One row per reading: one typed column per catalogue field, jsonb for the rest. The energy columns d_* hold the
-- energy counted between the previous reading (prev_ts) and this one, and the part of it in this reading's day.
CREATE TABLE readings (
  device_id int NOT NULL,
  ts timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  seq bigint,
  prev_ts timestamptz,
  pv1_voltage_v real,
  pv1_current_a real,
  pv1_power_w real,
  pv2_voltage_v real,
  pv2_current_a real,
  pv2_power_w real,
  pv_power_w real,
  pv_energy_today_kwh double precision,
  pv_energy_total_kwh double precision,
  grid_voltage_av real,
  grid_voltage_bv real,
  grid_voltage_cv real,
  grid_current_aa real,
  grid_current_ba real,
  grid_current_ca real,
  grid_frequency_hz real,
  grid_power_w real,
  grid_power_factor real,
  grid_import_today_kwh double precision,
  grid_import_total_kwh double precision,
  grid_export_today_kwh double precision,
  grid_export_total_kwh double precision,
  load_power_w real,
  load_energy_today_kwh double precision,
  load_energy_total_kwh double precision,
  backup_voltage_av real,
  backup_power_w real,
  backup_frequency_hz real,
  bms_run_status smallint,
  bat_cd_state smallint,
  bat_fcflag smallint,
  bat_fdflag smallint,
  bat_voltage_v real,
  bat_current_a real,
  bat_power_w real,
  bat_soc_pct real,
  bat_soh_pct real,
  bat_charge_today_kwh double precision,
  bat_charge_total_kwh double precision,
  bat_discharge_today_kwh double precision,
  bat_discharge_total_kwh double precision,
  bat_cycle_count double precision,
  bat_temp_c real,
  bat_cell_voltage_max_v real,
  bat_cell_voltage_max_no bigint,
  bat_cell_voltage_min_v real,
  bat_cell_voltage_min_no bigint,
  bat_cell_temp_max_c real,
  bat_cell_temp_max_no bigint,
  bat_cell_temp_min_c real,
  bat_cell_temp_min_no bigint,
  bat_charge_limit_a real,
  bat_discharge_limit_a real,
  bat_charge_cutoff_v real,
  bat_discharge_cutoff_v real,
  bat_insulation_pos_kohm real,
  bat_insulation_neg_kohm real,
  bat_warning_word bigint,
  bat_fault_word bigint,
  pcs_state smallint,
  pcs_on_off smallint,
  pcs_work_mode smallint,
  fault_word bigint,
  warning_word bigint,
  pcs_temp_c real,
  pcs_module_temp_ac real,
  pcs_module_temp_bc real,
  pcs_module_temp_cc real,
  pcs_power_w real,
  pcs_bus_voltage_v real,
  pcs_efficiency_pct real,
  pcs_energy_today_kwh double precision,
  pcs_energy_total_kwh double precision,
  pcs_insulation_pos_kohm real,
  pcs_insulation_neg_kohm real,
  tmeter_power_w real,
  tmeter_power_aw real,
  tmeter_power_bw real,
  tmeter_power_cw real,
  tmeter_voltage_av real,
  tmeter_voltage_bv real,
  tmeter_voltage_cv real,
  tmeter_current_aa real,
  tmeter_current_ba real,
  tmeter_current_ca real,
  tmeter_power_factor real,
  gmeter_charge_sharp_today_kwh double precision,
  gmeter_charge_peak_today_kwh double precision,
  gmeter_charge_flat_today_kwh double precision,
  gmeter_charge_valley_today_kwh double precision,
  gmeter_discharge_sharp_today_kwh double precision,
  gmeter_discharge_peak_today_kwh double precision,
  gmeter_discharge_flat_today_kwh double precision,
  gmeter_discharge_valley_today_kwh double precision,
  gmeter_charge_today_kwh double precision,
  gmeter_discharge_today_kwh double precision,
  gmeter_charge_month_kwh double precision,
  gmeter_discharge_month_kwh double precision,
  gmeter_charge_total_kwh double precision,
  gmeter_discharge_total_kwh double precision,
  gmeter_earnings_today real,
  gmeter_earnings_total real,
  dehum_state smallint,
  dehum_temp_c real,
  dehum_humidity_pct real,
  cooling_state smallint,
  cooling_inlet_temp_c real,
  cooling_outlet_temp_c real,
  cooling_inlet_pressure_bar real,
  cooling_outlet_pressure_bar real,
  d_pv_kwh double precision NOT NULL DEFAULT 0,
  d_pv_next_kwh double precision NOT NULL DEFAULT 0,
  d_load_kwh double precision NOT NULL DEFAULT 0,
  d_load_next_kwh double precision NOT NULL DEFAULT 0,
  d_grid_import_kwh double precision NOT NULL DEFAULT 0,
  d_grid_import_next_kwh double precision NOT NULL DEFAULT 0,
  d_grid_export_kwh double precision NOT NULL DEFAULT 0,
  d_grid_export_next_kwh double precision NOT NULL DEFAULT 0,
  d_bat_charge_kwh double precision NOT NULL DEFAULT 0,
  d_bat_charge_next_kwh double precision NOT NULL DEFAULT 0,
  d_bat_discharge_kwh double precision NOT NULL DEFAULT 0,
  d_bat_discharge_next_kwh double precision NOT NULL DEFAULT 0,
  extra jsonb,
  PRIMARY KEY (device_id, ts)
) PARTITION BY RANGE (ts);

CREATE TABLE device_energy_5m (
  device_id int NOT NULL,
  bucket timestamptz NOT NULL,
  pv_kwh double precision NOT NULL DEFAULT 0,
  load_kwh double precision NOT NULL DEFAULT 0,
  grid_import_kwh double precision NOT NULL DEFAULT 0,
  grid_export_kwh double precision NOT NULL DEFAULT 0,
  bat_charge_kwh double precision NOT NULL DEFAULT 0,
  bat_discharge_kwh double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (device_id, bucket)
);

CREATE TABLE device_energy_day (LIKE device_energy_5m INCLUDING DEFAULTS);
ALTER TABLE device_energy_day DROP COLUMN bucket;
ALTER TABLE device_energy_day ADD COLUMN day date NOT NULL;
ALTER TABLE device_energy_day ADD PRIMARY KEY (device_id, day);

CREATE TABLE device_energy_month (LIKE device_energy_5m INCLUDING DEFAULTS);
ALTER TABLE device_energy_month DROP COLUMN bucket;
ALTER TABLE device_energy_month ADD COLUMN month date NOT NULL;
ALTER TABLE device_energy_month ADD PRIMARY KEY (device_id, month);

CREATE TABLE plant_energy_5m (LIKE device_energy_5m INCLUDING DEFAULTS);
ALTER TABLE plant_energy_5m RENAME COLUMN device_id TO plant_id;
ALTER TABLE plant_energy_5m ADD PRIMARY KEY (plant_id, bucket);

CREATE TABLE plant_energy_day (LIKE device_energy_day INCLUDING DEFAULTS);
ALTER TABLE plant_energy_day RENAME COLUMN device_id TO plant_id;
ALTER TABLE plant_energy_day ADD PRIMARY KEY (plant_id, day);

CREATE TABLE plant_energy_month (LIKE device_energy_month INCLUDING DEFAULTS);
ALTER TABLE plant_energy_month RENAME COLUMN device_id TO plant_id;
ALTER TABLE plant_energy_month ADD PRIMARY KEY (plant_id, month);

-- Readings refused at ingest, counted by reason (never stored half-way).
CREATE TABLE ingest_rejections (
  reason text PRIMARY KEY,
  count bigint NOT NULL DEFAULT 0,
  last_at timestamptz NOT NULL DEFAULT now()
);
