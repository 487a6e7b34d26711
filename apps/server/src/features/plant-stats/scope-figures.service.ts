import type { EnergyTotals, PowerFlow } from '@voltfleet/domain/plants';
import type { Queryable } from '../../db/db.js';
import { powerFlowOf } from './plant-detail.service.js';
import { newestReadingsOfPlants, plantsInScope, type PlantScope } from './plant-stats.repository.js';
import { energyByPlant } from './plant-stats.service.js';
import { addTotals, zeroTotals } from './plant-stats.slots.js';

/**
 * The power flow and today's energy of every plant of a scope together (a big screen's whole-fleet flow graph): the
 * plant detail's power flow over all their devices' newest readings (each power summed, SoC averaged), and each
 * plant's own local today summed, as plant statistics sums it.
 */
export async function scopeFlow(
  db: Queryable,
  scope: PlantScope,
  nowMs: number,
): Promise<{ power: PowerFlow; energyToday: EnergyTotals }> {
  const ids = (await plantsInScope(db, scope)).map((p) => p.id);
  const readings = await newestReadingsOfPlants(db, ids, nowMs - scope.offlineSeconds * 1000);
  let energyToday = zeroTotals();
  for (const periods of (await energyByPlant(db, ids, nowMs, ['today'])).values()) {
    energyToday = addTotals(energyToday, periods.today);
  }
  return { power: powerFlowOf(readings), energyToday };
}

/**
 * The state of charge of every device of the scope's plants that reports one in its newest reading, when that
 * reading is no older than the offline threshold (the power flow's rule: a stale SoC is not a current one).
 */
export async function batterySocs(db: Queryable, scope: PlantScope, nowMs: number): Promise<number[]> {
  const ids = (await plantsInScope(db, scope)).map((p) => p.id);
  const readings = await newestReadingsOfPlants(db, ids, nowMs - scope.offlineSeconds * 1000);
  return readings.map((r) => r.bat_soc_pct).filter((soc): soc is number => soc !== null);
}
