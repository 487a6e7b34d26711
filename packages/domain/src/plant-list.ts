import { z } from 'zod';
import { PLANT_STATUS_FILTERS, PLANT_TYPES, type Plant, type PlantStatusFilter } from './plants.js';
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
