-- The newest reading of a device with the values the device list and plant statistics show (issue 18). The list read it
-- by a LATERAL subquery over the partitioned readings table, which PostgreSQL planned again for every request: with a
-- year of monthly partitions the planning cost three times the running (1.64 ms against 0.56 ms on the api
-- benchmark's data). A PL/pgSQL function keeps its statement's plan for the connection (after five executions a
-- generic plan, as good here because only the device id varies), so the list's own statement no longer names the
-- partitioned table. The same probe as before: the (device_id, ts) key read backwards, one row.
CREATE FUNCTION device_latest_reading(device int)
RETURNS TABLE (
  ts timestamptz,
  pv_power_w real,
  load_power_w real,
  grid_power_w real,
  bat_power_w real,
  bat_soc_pct real,
  pv_energy_today_kwh double precision
)
LANGUAGE plpgsql STABLE ROWS 1 AS $$
BEGIN
  RETURN QUERY
    SELECT r.ts, r.pv_power_w, r.load_power_w, r.grid_power_w, r.bat_power_w, r.bat_soc_pct, r.pv_energy_today_kwh
      FROM readings r
     WHERE r.device_id = device
     ORDER BY r.ts DESC
     LIMIT 1;
END
$$;
