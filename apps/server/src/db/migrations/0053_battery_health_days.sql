-- A battery's daily health (issue 42; docs/performance.md "Battery health"). Written only by features/battery-health
-- (its job), read by its route and its alarm. One row per device whose readings carry battery values (the inverter a
-- battery reports through, as the feature keys its reads) and complete plant-local day, read from the day's readings,
-- raw or compacted, through the reader the device history uses (the 5-minute bins), so the health trend covers the
-- whole history and not only the days since the 5-minute values table began. A day whose readings hold no battery
-- value keeps a row of NULLs: it has been read.
CREATE TABLE battery_health_days (
  device_id int NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  day date NOT NULL,
  -- The day's last state of health reported (%), and its lowest and highest.
  soh_pct double precision,
  soh_min_pct double precision,
  soh_max_pct double precision,
  -- The day's widest spread between the highest and the lowest cell voltage, mV.
  cell_spread_mv double precision,
  -- The day's highest BMS cycle count.
  cycle_count double precision,
  -- The day's energy throughput (the sum of the device's daily energy rollup) when the row was computed: the rollup
  -- grows when readings of the day arrive late (a backfill, the demo's history), and the day is then read again.
  energy_kwh double precision NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, day)
);
