import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import { startPeriodic, type Periodic, type PeriodicLog } from '../../platform/periodic.js';
import type { PlantStatus } from '@voltfleet/domain/plants';
import type { RunningStatus } from '@voltfleet/domain/devices';
import { allDeviceStatuses, allPlantStatuses } from './devices.repository.js';

export interface StatusListener {
  deviceStatus(deviceId: number, plantId: number | null, status: RunningStatus): void;
  plantStatus(plantId: number, status: PlantStatus): void;
}

/**
 * Notices devices going online, offline or into alarm and plants changing status, and tells the listener about each
 * change; the first round at once sets the baseline. Both statuses come from the SQL of device-status.ts, the rule
 * the lists and the plant statistics show.
 */
export function watchStatuses(
  db: Db,
  thresholdSeconds: number,
  listener: StatusListener,
  log: PeriodicLog,
  { everyMs = 10_000, metrics }: { everyMs?: number; metrics?: Registry } = {},
): Periodic {
  const devices = new Map<number, RunningStatus>();
  const plants = new Map<number, PlantStatus>();
  const round = async () => {
    for (const r of await allDeviceStatuses(db, thresholdSeconds)) {
      if (devices.has(r.id) && devices.get(r.id) !== r.status) listener.deviceStatus(r.id, r.plant_id, r.status);
      devices.set(r.id, r.status);
    }
    for (const r of await allPlantStatuses(db, thresholdSeconds)) {
      if (plants.has(r.id) && plants.get(r.id) !== r.status) listener.plantStatus(r.id, r.status);
      plants.set(r.id, r.status);
    }
  };
  return startPeriodic({ name: 'device-status-watch', everyMs, run: round, log, metrics, runAtStart: true });
}
