-- Tariffs (R3.5 "tariff entry", R5.8 tariff period rules), energy-saving factors and materialised earnings.
-- Earnings are defined in docs/earnings.md: per 5-minute bucket of plant_figures_5m, the net energy
-- (load - grid import + grid export) times the price of the tariff period containing the bucket's local start time,
-- under the tariff version effective on that local date (or the script's own earnings when it computes them).

-- A tariff version: a day plan of periods that applies from a plant-local date until the next version.
CREATE TABLE tariff_versions (
  id serial PRIMARY KEY,
  plant_id int NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
  effective_from date NOT NULL,
  -- The plant's currency when the version was saved: prices (and the earnings they give) are in this currency.
  currency text NOT NULL,
  created_by int REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (plant_id, effective_from)
);

-- The periods of a version: minutes of the local day, both ends inclusive (00:00-05:59 = minutes 0..359).
CREATE TABLE tariff_periods (
  tariff_id int NOT NULL REFERENCES tariff_versions (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  type smallint NOT NULL CHECK (type IN (1, 2, 3, 4)),
  start_minute smallint NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
  end_minute smallint NOT NULL CHECK (end_minute BETWEEN 0 AND 1439),
  price double precision NOT NULL CHECK (price >= 0),
  PRIMARY KEY (tariff_id, position),
  CHECK (start_minute <= end_minute)
);

-- Energy-saving factors of a plant (one current entry; no row = the documented defaults).
CREATE TABLE plant_energy_saving (
  plant_id int PRIMARY KEY REFERENCES plants (id) ON DELETE CASCADE,
  coal_kg_per_kwh double precision NOT NULL CHECK (coal_kg_per_kwh > 0),
  co2_kg_per_kwh double precision NOT NULL CHECK (co2_kg_per_kwh > 0),
  trees_per_kwh double precision NOT NULL CHECK (trees_per_kwh > 0),
  updated_by int REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Earnings per plant and plant-local day. A row is a cache of the computation over plant_figures_5m: it remembers
-- the day's figures it was computed from (source_*), and a reader recomputes the day when plant_figures_day no
-- longer matches (new readings, late data, a script re-derivation) or the row is missing.
CREATE TABLE plant_earnings_day (
  plant_id int NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
  day date NOT NULL,
  -- Tariff version in effect on the day, NULL when none was.
  tariff_id int REFERENCES tariff_versions (id) ON DELETE SET NULL,
  currency text NOT NULL,
  amount double precision NOT NULL DEFAULT 0,
  -- True when some energy of the day had no price (no tariff in effect and no script earnings): amount excludes it.
  no_tariff boolean NOT NULL DEFAULT false,
  -- Net energy (load - grid import + grid export) per tariff period type: sharp, peak, flat, valley.
  sharp_kwh double precision NOT NULL DEFAULT 0,
  peak_kwh double precision NOT NULL DEFAULT 0,
  flat_kwh double precision NOT NULL DEFAULT 0,
  valley_kwh double precision NOT NULL DEFAULT 0,
  source_kwh double precision NOT NULL DEFAULT 0,
  source_earnings double precision,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (plant_id, day)
);
