// Plants a journey makes of its own through the API: the server tests' valid body (every R3.2 field), which each
// journey varies where it matters, and the fields of a plant that an edit sends back, as the domain's schema names them.
import { VALID_PLANT_INPUT } from '../../apps/server/src/test/plant-input.js';
import { plantInputSchema, type PlantInputBody } from '../../packages/domain/src/plants-schemas.js';

/** A valid POST /api/plants body: the server tests' valid plant (a roof in Olomouc), named, varied by `overrides`. */
export function plantBody(name: string, overrides: Partial<PlantInputBody> = {}): PlantInputBody {
  return { ...(VALID_PLANT_INPUT as PlantInputBody), name, ...overrides };
}

/** The fields of PUT /api/plants/:id that a plant's own record holds (not its owner and affiliated accounts). */
export const PLANT_FIELDS = Object.keys(plantInputSchema.shape).filter(
  (k) => k !== 'ownerId' && k !== 'affiliatedUserIds',
);
