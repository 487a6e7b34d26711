// The demo fleet as the command journeys find it through the API.
import { chooseOption } from './select.js';
import type { Page } from 'playwright-core';
import type { Journey } from './journey.js';

/** A device as the command-issue picker lists it (`online` derived here from its running status). */
export interface CommandDevice {
  id: number;
  sn: string;
  model: string;
  plantId: number | null;
  plantName: string | null;
  runningStatus: 'online' | 'alarm' | 'offline';
  protocol: 'mqtt' | 'osim';
  online: boolean;
}

/** The demo inverters' serial numbers start with their model (other journeys stock in devices of their own). */
export const DEMO_MODEL_PREFIXES = ['VF5K', 'VF6K', 'VF10K'];

/** Every demo inverter, through the picker's "select all within the filter". */
export async function demoInverters(journey: Journey): Promise<CommandDevice[]> {
  const { devices } = await journey.api.call<{ devices: Omit<CommandDevice, 'online'>[] }>(
    'GET',
    '/api/commands/devices/all?q=VF',
    { token: journey.admin },
  );
  return devices
    .filter((d) => DEMO_MODEL_PREFIXES.some((prefix) => d.sn.startsWith(prefix)))
    .map((d) => ({ ...d, online: d.runningStatus !== 'offline' }));
}

/** The serial numbers of the inverters connected to the OSIM gateway now (they belong to the online-debug journey). */
export async function osimConnected(journey: Journey): Promise<Set<string>> {
  const debug = await journey.api.call<{ items: { sn: string }[] }>('GET', '/api/debug/devices?q=', {
    token: journey.admin,
  });
  return new Set(debug.items.map((d) => d.sn));
}

/** Picks the option reading exactly `label` in the Ant Design select with this test id (support/select.ts). */
export const chooseByTestId = (page: Page, testId: string, label: string): Promise<void> =>
  chooseOption(page, page.getByTestId(testId), label);
