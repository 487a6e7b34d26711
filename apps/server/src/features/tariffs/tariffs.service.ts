import {
  formatMinuteOfDay,
  minuteOfDay,
  type PlantTariffs,
  type TariffVersion,
  type TariffVersionInput,
} from '@voltfleet/domain/tariffs';
import { localDay } from '@voltfleet/domain/time';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, conflict, invalid } from '../../platform/errors.js';
import { plantNotFound, requirePlantInScope } from '../plants/index.js';
import { invalidateEarningsFrom } from './earnings.repository.js';
import {
  deleteTariffVersion,
  listTariffVersions,
  plantZoneAndCurrency,
  tariffVersionDate,
  upsertTariffVersion,
  type TariffVersionRow,
} from './tariffs.repository.js';

/** The plant's zone, currency and local date today, after the scope check (outside scope = not found). */
async function plantContext(db: Db, caller: Caller, plantId: number, nowMs: number) {
  await requirePlantInScope(db, caller, plantId);
  const plant = await plantZoneAndCurrency(db, plantId);
  if (!plant) throw plantNotFound();
  return { ...plant, today: localDay(nowMs, plant.timeZone) };
}

/** Versions newest first: the newest one effective today or earlier is current, older ones are past. */
function withStates(rows: readonly TariffVersionRow[], today: string): TariffVersion[] {
  let currentSeen = false;
  return rows.map((r) => {
    let state: TariffVersion['state'] = 'future';
    if (r.effectiveFrom <= today) {
      state = currentSeen ? 'past' : 'current';
      currentSeen = true;
    }
    return {
      tariffId: r.tariffId,
      effectiveFrom: r.effectiveFrom,
      currency: r.currency,
      createdAt: r.createdAt,
      createdBy: r.createdBy,
      state,
      periods: r.periods.map((p) => ({
        type: p.type,
        start: formatMinuteOfDay(p.startMinute),
        end: formatMinuteOfDay(p.endMinute),
        price: p.price,
      })),
    };
  });
}

/** The tariff configuration of a plant in the caller's scope. */
export async function plantTariffs(db: Db, caller: Caller, plantId: number, nowMs: number): Promise<PlantTariffs> {
  const plant = await plantContext(db, caller, plantId, nowMs);
  return {
    plantId,
    timeZone: plant.timeZone,
    today: plant.today,
    currency: plant.currency,
    versions: withStates(await listTariffVersions(db, plantId), plant.today),
  };
}

/**
 * Saves a tariff version. "A new tariff applies from its effective date, old earnings stay as they were": the date
 * may not be before the plant's local today, and only earnings from that date on are recomputed. Today is allowed
 * (today's earnings are not closed yet); a version saved again for the same date replaces it.
 */
export async function saveTariffVersion(
  db: Db,
  caller: Caller,
  plantId: number,
  input: TariffVersionInput,
  nowMs: number,
): Promise<PlantTariffs> {
  const plant = await plantContext(db, caller, plantId, nowMs);
  if (input.effectiveFrom < plant.today) {
    throw invalid('effectiveFrom', 'tariff.effectiveDatePast', { today: plant.today });
  }
  await storeTariffVersion(db, {
    plantId,
    effectiveFrom: input.effectiveFrom,
    currency: plant.currency,
    userId: caller.id,
    periods: input.periods.map((p) => ({
      type: p.type,
      startMinute: minuteOfDay(p.start) as number,
      endMinute: minuteOfDay(p.end) as number,
      price: p.price,
    })),
  });
  return plantTariffs(db, caller, plantId, nowMs);
}

/** Stores a checked version and drops the cached earnings from its date on, in one transaction. */
export async function storeTariffVersion(db: Db, version: Parameters<typeof upsertTariffVersion>[1]): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertTariffVersion(tx, version);
    await invalidateEarningsFrom(tx, version.plantId, version.effectiveFrom);
  });
}

/** Deletes a version that has not taken effect yet; one in effect (or past) would rewrite history and is refused. */
export async function removeTariffVersion(
  db: Db,
  caller: Caller,
  plantId: number,
  tariffId: number,
  nowMs: number,
): Promise<PlantTariffs> {
  const plant = await plantContext(db, caller, plantId, nowMs);
  const effectiveFrom = await tariffVersionDate(db, plantId, tariffId);
  if (effectiveFrom === undefined) throw new AppError('not_found', 'error.notFound');
  if (effectiveFrom <= plant.today) throw conflict('tariff.deleteInEffect');
  await db.transaction(async (tx) => {
    await deleteTariffVersion(tx, tariffId);
    await invalidateEarningsFrom(tx, plantId, effectiveFrom);
  });
  return plantTariffs(db, caller, plantId, nowMs);
}
