-- Performance analytics (issue 42; docs/performance.md).

-- The plane-of-array irradiation of each complete past day the weather service gave for a plant (Open-Meteo's
-- hourly global tilted irradiance for the plant's tilt and azimuth, summed over the plant's local day). Written only
-- by features/weather, with the forecast it comes with (same fetch, back-off and cache). The tilt and azimuth it was
-- asked for are kept: a plant whose array is re-entered needs new values, and the old ones are not used.
CREATE TABLE weather_irradiance_days (
  plant_id int NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
  day date NOT NULL,
  poa_kwh_m2 double precision NOT NULL CHECK (poa_kwh_m2 >= 0 AND poa_kwh_m2 < 20),
  tilt_deg double precision NOT NULL,
  azimuth_deg double precision NOT NULL,
  fetched_at timestamptz NOT NULL,
  PRIMARY KEY (plant_id, day)
);

-- The irradiation the performance figures use for a plant-day, chosen by features/performance (its only writer)
-- from the best source it has: the weather service's, the demo world's sky, or the clear-sky model. The clear-sky
-- irradiation of the same day is kept beside it for the sunny-day test (their ratio). Rows are rewritten when a
-- better source arrives or the plant's array changes.
CREATE TABLE plant_irradiance_days (
  plant_id int NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
  day date NOT NULL,
  poa_kwh_m2 double precision NOT NULL CHECK (poa_kwh_m2 >= 0 AND poa_kwh_m2 < 20),
  clear_sky_kwh_m2 double precision NOT NULL CHECK (clear_sky_kwh_m2 >= 0 AND clear_sky_kwh_m2 < 20),
  source text NOT NULL CHECK (source IN ('openMeteo', 'demoSky', 'clearSky')),
  -- NULL when the source saw no clouds (clear sky): such a day is neither sunny nor grey.
  sunny boolean,
  tilt_deg double precision NOT NULL,
  azimuth_deg double precision NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (plant_id, day)
);

-- The array the last forecast's irradiance was asked for: re-entering tilt or azimuth makes the plant due at once.
ALTER TABLE weather_forecasts ADD COLUMN tilt_deg double precision;
ALTER TABLE weather_forecasts ADD COLUMN azimuth_deg double precision;
