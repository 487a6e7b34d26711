import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import { startPeriodic, type Periodic } from '../../platform/periodic.js';
import type { RunningStatus } from '@voltfleet/domain';
import { allDeviceStatuses } from './devices.repository.js';

export type PlantStatus = 'normal' | 'alarm' | 'offline';

export interface StatusListener {
  deviceStatus(deviceId: number, plantId: number | null, status: RunningStatus): void;
  plantStatus(plantId: number, status: PlantStatus): void;
}

/** A plant is offline when none of its devices is online, in alarm when any online one is, else normal. */
export function plantStatusOf(statuses: RunningStatus[]): PlantStatus {
  if (!statuses.some((s) => s !== 'offline')) return 'offline';
  return statuses.includes('alarm') ? 'alarm' : 'normal';
}

/**
 * Notices devices going online, offline or into alarm (last-seen against the threshold, fault words) and the plant
 * status that follows, and tells the listener about each change; the first round at once sets the baseline.
 */
export function watchStatuses(
  db: Db,
  thresholdSeconds: number,
  listener: StatusListener,
  log: FastifyBaseLogger,
  { everyMs = 10_000, metrics }: { everyMs?: number; metrics?: Registry } = {},
): Periodic {
  const devices = new Map<number, RunningStatus>();
  const plants = new Map<number, PlantStatus>();
  const round = async () => {
    const rows = await allDeviceStatuses(db, thresholdSeconds);
    const byPlant = new Map<number, RunningStatus[]>();
    for (const r of rows) {
      if (devices.has(r.id) && devices.get(r.id) !== r.status) listener.deviceStatus(r.id, r.plant_id, r.status);
      devices.set(r.id, r.status);
      if (r.plant_id !== null) byPlant.set(r.plant_id, [...(byPlant.get(r.plant_id) ?? []), r.status]);
    }
    for (const [plantId, statuses] of byPlant) {
      const status = plantStatusOf(statuses);
      if (plants.has(plantId) && plants.get(plantId) !== status) listener.plantStatus(plantId, status);
      plants.set(plantId, status);
    }
  };
  return startPeriodic({ name: 'device-status-watch', everyMs, run: round, log, metrics, runAtStart: true });
}
