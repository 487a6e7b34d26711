// The demo fleet as the command journeys find it through the API.
import type { Journey } from './journey.js';

/** A device as the command-issue picker lists it. */
export interface CommandDevice {
  id: number;
  sn: string;
  model: string;
  plantId: number | null;
  plantName: string | null;
  online: boolean;
}

/**
 * The demo inverters by model: a device search answers at most 20 devices, and other journeys stock in devices of
 * their own, so the three model searches together are what finds every demo inverter.
 */
export const DEMO_MODEL_PREFIXES = ['VF5K', 'VF6K', 'VF10K'];

export async function demoInverters(journey: Journey): Promise<CommandDevice[]> {
  const lists = await Promise.all(
    DEMO_MODEL_PREFIXES.map((q) =>
      journey.api.call<CommandDevice[]>('GET', `/api/commands/devices?q=${q}`, { token: journey.admin }),
    ),
  );
  return lists.flat();
}

/** The serial numbers of the inverters connected to the OSIM gateway now (they belong to the online-debug journey). */
export async function osimConnected(journey: Journey): Promise<Set<string>> {
  const debug = await journey.api.call<{ sn: string; connected: boolean }[]>('GET', '/api/debug/devices?q=', {
    token: journey.admin,
  });
  return new Set(debug.filter((d) => d.connected).map((d) => d.sn));
}
