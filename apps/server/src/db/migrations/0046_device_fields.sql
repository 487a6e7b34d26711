-- Device fields (issue 38 point 6). The grid code and the battery and meter protocols are the inverter's codes
-- (OSIM 69 writes them, 95 reads them back), given at stock-in, in the import sheet or on the device's edit form:
-- integers, NULL until given. Nothing wrote these columns before, so only a digit string could be there.
-- The grid-connection limit and SOC lower limit columns go: nothing wrote them; the device detail shows the value
-- the device last confirmed by read-back (device_parameters) instead.
ALTER TABLE devices
  ALTER COLUMN grid_code DROP DEFAULT,
  ALTER COLUMN grid_code DROP NOT NULL,
  ALTER COLUMN grid_code TYPE integer USING (CASE WHEN grid_code ~ '^[0-9]{1,5}$' THEN grid_code::integer END),
  ALTER COLUMN battery_protocol DROP DEFAULT,
  ALTER COLUMN battery_protocol DROP NOT NULL,
  ALTER COLUMN battery_protocol TYPE integer
    USING (CASE WHEN battery_protocol ~ '^[0-9]{1,5}$' THEN battery_protocol::integer END),
  ALTER COLUMN meter_protocol DROP DEFAULT,
  ALTER COLUMN meter_protocol DROP NOT NULL,
  ALTER COLUMN meter_protocol TYPE integer
    USING (CASE WHEN meter_protocol ~ '^[0-9]{1,5}$' THEN meter_protocol::integer END),
  ADD CONSTRAINT devices_codes_range CHECK (
    grid_code BETWEEN 0 AND 65535 AND battery_protocol BETWEEN 0 AND 65535 AND meter_protocol BETWEEN 0 AND 65535),
  DROP COLUMN grid_limit_w,
  DROP COLUMN soc_lower_limit_pct;
