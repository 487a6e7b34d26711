import { specificYieldKwhPerKwp, type PlantListItem } from '@voltfleet/domain/plants';
import type { Queryable } from '../../db/db.js';
import { powerFlowOf } from './plant-detail.service.js';
import { newestReadingsOfPlants, type NewestReadingRow } from './plant-stats.repository.js';
import { energyByPlant } from './plant-stats.service.js';

export type PlantListFigures = Pick<PlantListItem, 'pvPowerW' | 'pvEnergyTodayKwh' | 'specificYieldKwhPerKwp'>;

/**
 * The plant list's figures of many plants at once (two statements whatever their number): PV power now from the
 * same newest readings and sum as the plant detail's power flow, today's PV energy from the same plant-local "today"
 * totals as its today's energy, and the specific yield derived from that energy and the plant's power (kWp).
 */
export async function plantListFigures(
  db: Queryable,
  plants: readonly { plantId: number; powerKw: number }[],
  offlineSeconds: number,
  nowMs: number,
): Promise<Map<number, PlantListFigures>> {
  const ids = plants.map((p) => p.plantId);
  const readings = new Map<number, NewestReadingRow[]>(ids.map((id) => [id, []]));
  for (const row of await newestReadingsOfPlants(db, ids, nowMs - offlineSeconds * 1000)) {
    readings.get(row.plant_id)?.push(row);
  }
  const energy = await energyByPlant(db, ids, nowMs, ['today']);
  return new Map(
    plants.map(({ plantId, powerKw }) => {
      const pvEnergyTodayKwh = energy.get(plantId)!.today.pvKwh;
      const figures: PlantListFigures = {
        pvPowerW: powerFlowOf(readings.get(plantId)!).pvPowerW,
        pvEnergyTodayKwh,
        specificYieldKwhPerKwp: specificYieldKwhPerKwp(pvEnergyTodayKwh, powerKw),
      };
      return [plantId, figures];
    }),
  );
}
