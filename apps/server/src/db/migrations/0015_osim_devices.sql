-- OSIM gateway (issue 6): what query 98 reported when an inverter last identified itself on the gateway.
-- pcu_version stays the firmware version used by upgrades (e.g. 4.0.0); osim_pcu_version is the protocol version
-- number that picks the OSIM field layouts (e.g. 603), osim_model_code the model (1 = 10 kW, 2 = 5 kW, 3 = 6 kW, 5 = 3 kW).
ALTER TABLE devices ADD COLUMN osim_pcu_version integer CHECK (osim_pcu_version BETWEEN 0 AND 65535);
ALTER TABLE devices ADD COLUMN osim_model_code integer;
