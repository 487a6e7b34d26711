import type { PlantRealtime } from '@voltfleet/domain/plants';
import type { Queryable } from '../../db/db.js';
import { realtimeGroupsOf, REALTIME_FIELD_SQL, tsOf } from '../device-detail/index.js';
import { latestReading } from '../devices/index.js';
import { plantDevices, type PlantScope } from './plant-stats.repository.js';
import { requirePlant } from './plant-stats.service.js';

/**
 * Detailed data: the newest reading of each of the plant's devices that reports readings of its own, by monitoring
 * group, as the device's real-time tab shows it. Its inverters are listed even before their first reading; a battery
 * or collector only once a reading of its own was stored (a battery's values are its inverter's battery group). The
 * plant must be in the caller's scope; its devices are then all shown, as on its associated-info tab.
 */
export async function plantRealtime(db: Queryable, scope: PlantScope, plantId: number): Promise<PlantRealtime> {
  const plant = await requirePlant(db, scope, plantId);
  const devices = await plantDevices(db, plantId, scope.offlineSeconds);
  const shown: PlantRealtime['devices'] = [];
  for (const d of devices) {
    const reading = await latestReading(db, d.id, REALTIME_FIELD_SQL);
    if (!reading && d.kind !== 'inverter') continue;
    shown.push({
      id: d.id,
      sn: d.sn,
      kind: d.kind,
      model: d.model,
      runningStatus: d.running_status,
      ts: tsOf(reading),
      groups: realtimeGroupsOf(reading),
    });
  }
  return { plantId, timeZone: plant.time_zone, devices: shown };
}
