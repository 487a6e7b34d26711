import { z } from 'zod';
import { PLANT_STATUS_FILTERS, PLANT_TYPES, type PlantStatusFilter } from './plants.js';
import { plantSchema, type Plant } from './plants-schemas.js';
import { optionValues } from './telemetry/labels.js';

/** GET /api/plants: every plant in scope, narrowed by status, type and a name/address search. */
export const plantListQuerySchema = z.object({
  status: z.enum(PLANT_STATUS_FILTERS, 'validation.invalidValue').default('all'),
  type: z.coerce
    .number('plant.typeNotFound')
    .pipe(z.literal(optionValues(PLANT_TYPES), 'plant.typeNotFound'))
    .optional(),
  q: z.string().max(100, 'validation.tooLong').optional(),
});
export type PlantListQuery = z.infer<typeof plantListQuerySchema>;

/**
 * A row of the plant list: the plant with its live PV power and today's PV yield, the same figures (same queries) as
 * the plant detail's power flow and today's energy, and the specific yield derived from them.
 */
export const plantListItemSchema = plantSchema.extend({
  /** PV power now: the newest reading of each device reporting within the offline threshold, summed; null when none. */
  pvPowerW: z.number().nullable(),
  /** PV energy of the plant's local today (the plant detail's "today" PV figure). */
  pvEnergyTodayKwh: z.number(),
  /** Today's PV energy per kWp of the plant's installed power; null when the plant has no power set. */
  specificYieldKwhPerKwp: z.number().nullable(),
  /**
   * Performance ratio of the last 30 complete local days with irradiance (the Performance tab's figure for that span);
   * null without installed power or irradiance.
   */
  performanceRatio30d: z.number().nullable(),
});
export type PlantListItem = z.infer<typeof plantListItemSchema>;

/**
 * Specific yield: kWh generated per kWp installed (the plant's power, which is its PV peak power), to two decimals, so
 * plants of different sizes compare. Null without an installed power.
 */
export function specificYieldKwhPerKwp(pvKwh: number, powerKwp: number): number | null {
  if (!(powerKwp > 0)) return null;
  return Math.round((pvKwh / powerKwp) * 100) / 100;
}

/** DELETE /api/plants/:plantId: the device count the user confirmed (required when devices are installed). */
export const plantDeleteQuerySchema = z.object({
  confirmDevices: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

/** What deleting a plant does: its devices go back to awaiting activation, keeping readings and stock-in data. */
export const plantDeleteImpactSchema = z.object({
  plantId: z.number().int(),
  deviceCount: z.number().int(),
  /** The installed devices (serial numbers), so the confirmation names them. */
  devices: z.array(z.object({ id: z.number().int(), sn: z.string(), kind: z.string() })),
});
export type PlantDeleteImpact = z.infer<typeof plantDeleteImpactSchema>;

/** An account a plant can belong to or be affiliated with (the caller and their subordinates). */
export const plantAccountOptionSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  level: z.number().int(),
});
export type PlantAccountOption = z.infer<typeof plantAccountOptionSchema>;

/** True when a plant status passes a list filter ('online' = normal or alarm). */
export function matchesStatusFilter(status: Plant['status'], filter: PlantStatusFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'online') return status !== 'offline';
  return status === filter;
}
