-- An active alarm belongs to the plant its device is installed in now (issue 36). Plant status, plant statistics,
-- the plant list and the big screens count active alarms by the device's plant; the alarm search filters by the
-- alarm's own plant_id (the plant at raise time, which history keeps). A device bound to another plant, or unbound,
-- while an alarm is going on made the two differ: the plant list said "1 alarm" and its link found none. The trigger
-- moves the device's active alarms with it, in the same statement as the move, on every path that moves a device
-- (bind, unbind, a plant deleted); recovered alarms keep the plant they happened in.
CREATE FUNCTION active_alarms_follow_device() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alarms SET plant_id = NEW.plant_id WHERE device_id = NEW.id AND state = 'active';
  RETURN NULL;
END
$$;

CREATE TRIGGER devices_active_alarms_follow
  AFTER UPDATE OF plant_id ON devices
  FOR EACH ROW WHEN (OLD.plant_id IS DISTINCT FROM NEW.plant_id)
  EXECUTE FUNCTION active_alarms_follow_device();

-- Alarms already active on a moved device.
UPDATE alarms a SET plant_id = d.plant_id
  FROM devices d
 WHERE a.device_id = d.id AND a.state = 'active' AND a.plant_id IS DISTINCT FROM d.plant_id;
