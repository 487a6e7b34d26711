// Accounts of a journey's own whose data scope holds the demo fleet's plants. The journeys run side by side against one
// server: the administrator's scope holds whatever the other journeys are making and deleting at the moment (plants,
// devices) and may not change language (support/journey.ts), so a journey that counts the fleet, or needs it in
// another language, signs in as such an account instead.
import { demoInverters } from './demo-fleet.js';
import { USER_PASSWORD, type Journey } from './journey.js';
import { withLock } from './lock.js';
import { PLANT_FIELDS } from './plants.js';

/**
 * Makes `userId` one of the affiliated accounts of these plants: each plant is then in the account's scope, with its
 * devices. A plant's affiliated accounts are written as a whole, so this reads and writes them under a lock: two
 * journeys adding an account each to the same plant would otherwise write over each other's.
 */
export async function affiliate(journey: Journey, userId: number, plantIds: Iterable<number>): Promise<void> {
  await withLock('plant-affiliations', async () => {
    for (const plantId of new Set(plantIds)) {
      const plant = await journey.api.call<
        Record<string, unknown> & { affiliatedUserIds: number[]; ownerId: number | null }
      >('GET', `/api/plants/${plantId}`, { token: journey.admin });
      const input: Record<string, unknown> = Object.fromEntries(PLANT_FIELDS.map((k) => [k, plant[k]]));
      if (plant.ownerId !== null) input.ownerId = plant.ownerId;
      input.affiliatedUserIds = [...plant.affiliatedUserIds, userId];
      await journey.api.call('PUT', `/api/plants/${plantId}`, { token: journey.admin, body: input });
    }
  });
}

/** The ids of the demo fleet's plants (each has demo inverters; other journeys' plants never do). */
export async function demoPlantIds(journey: Journey): Promise<number[]> {
  const plantIds = (await demoInverters(journey)).map((d) => d.plantId).filter((id) => id !== null);
  return [...new Set(plantIds)];
}

/**
 * A user of the journey's own (a role with `permissions` and `views`, password USER_PASSWORD) affiliated to every demo
 * plant: its scope is the demo fleet and whatever is made for it, never what other journeys make, and its language is
 * its own to change.
 */
export async function fleetViewer(
  journey: Journey,
  permissions: string[],
  prefix: string,
  views: string[] = [],
): Promise<{ username: string; id: number; token: string }> {
  const user = await journey.userWith(permissions, prefix, views);
  await affiliate(journey, user.id, await demoPlantIds(journey));
  const token = await journey.api.login(user.username, USER_PASSWORD);
  return { username: user.username, id: user.id, token };
}
