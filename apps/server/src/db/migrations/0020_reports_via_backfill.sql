-- Demo fleets seeded before devices.reports_via existed (0018) have none, so their batteries and collectors fell
-- back to their plant's inverters for their online state. Link them as the demo seed now does, by the demo's fixed
-- serial numbers (packages/simulator demo-fleet.ts): battery VFBAT24PPPNN reports through inverter VF{model}24PPPNN
-- of the same plant, and every inverter VF{model}24PPPNN through the plant's collector VFDTU24PPP00. Devices of
-- other serial numbers, and links already set, are left alone.

UPDATE devices b
   SET reports_via = i.id
  FROM devices i
 WHERE b.kind = 'battery' AND b.reports_via IS NULL AND b.sn ~ '^VFBAT24[0-9]{5}$'
   AND i.kind = 'inverter' AND i.sn ~ '^VF[0-9]+K24[0-9]{5}$'
   AND right(i.sn, 5) = right(b.sn, 5) AND i.plant_id = b.plant_id;

UPDATE devices i
   SET reports_via = c.id
  FROM devices c
 WHERE i.kind = 'inverter' AND i.reports_via IS NULL AND i.sn ~ '^VF[0-9]+K24[0-9]{5}$'
   AND c.kind = 'collector' AND c.sn = 'VFDTU24' || left(right(i.sn, 5), 3) || '00' AND c.plant_id = i.plant_id;
