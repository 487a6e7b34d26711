import { DEFAULT_SAVING_FACTORS, type EnergySavingConfig, type SavingFactorsInput } from '@voltfleet/domain/plants';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, conflict } from '../../platform/errors.js';
import { requirePlantInScope } from '../plants/index.js';
import {
  deleteSavingFactors,
  insertSavingFactors,
  readSavingFactors,
  updateSavingFactors,
} from './savings.repository.js';

/** Energy-saving factors per kWh of generation: coal saved, CO2 avoided, trees equivalent. */
export interface SavingFactors {
  coalKgPerKwh: number;
  co2KgPerKwh: number;
  treesPerKwh: number;
}

/** The factors in effect for each plant: its configured entry, or the documented defaults when it has none. */
export async function savingFactorsByPlant(
  db: Queryable,
  plantIds: readonly number[],
): Promise<Map<number, SavingFactors>> {
  const result = new Map<number, SavingFactors>();
  if (plantIds.length === 0) return result;
  for (const id of plantIds) result.set(id, { ...DEFAULT_SAVING_FACTORS });
  for (const row of await readSavingFactors(db, plantIds)) {
    result.set(row.plantId, {
      coalKgPerKwh: row.coalKgPerKwh,
      co2KgPerKwh: row.co2KgPerKwh,
      treesPerKwh: row.treesPerKwh,
    });
  }
  return result;
}

/** The energy-saving configuration of a plant in the caller's scope: its own entry, the defaults, the factors used. */
export async function energySavingConfig(db: Queryable, caller: Caller, plantId: number): Promise<EnergySavingConfig> {
  await requirePlantInScope(db, caller, plantId);
  const [row] = await readSavingFactors(db, [plantId]);
  const configured = row
    ? {
        coalKgPerKwh: row.coalKgPerKwh,
        co2KgPerKwh: row.co2KgPerKwh,
        treesPerKwh: row.treesPerKwh,
        updatedAt: row.updatedAt,
        updatedBy: row.updatedBy,
      }
    : null;
  const defaults = { ...DEFAULT_SAVING_FACTORS };
  return { plantId, configured, defaults, effective: configured ?? defaults };
}

/** Adds the plant's entry; refused when it has one already (edit it instead). */
export async function addEnergySaving(db: Queryable, caller: Caller, plantId: number, input: SavingFactorsInput) {
  await requirePlantInScope(db, caller, plantId);
  if (!(await insertSavingFactors(db, plantId, input, caller.id))) throw conflict('saving.exists');
  return energySavingConfig(db, caller, plantId);
}

/** Edits the plant's entry; refused when it has none (add one first). */
export async function editEnergySaving(db: Queryable, caller: Caller, plantId: number, input: SavingFactorsInput) {
  await requirePlantInScope(db, caller, plantId);
  if (!(await updateSavingFactors(db, plantId, input, caller.id))) {
    throw new AppError('not_found', 'saving.notConfigured');
  }
  return energySavingConfig(db, caller, plantId);
}

/** Deletes the plant's entry: the defaults apply again. */
export async function removeEnergySaving(db: Queryable, caller: Caller, plantId: number) {
  await requirePlantInScope(db, caller, plantId);
  if (!(await deleteSavingFactors(db, plantId))) throw new AppError('not_found', 'saving.notConfigured');
  return energySavingConfig(db, caller, plantId);
}
