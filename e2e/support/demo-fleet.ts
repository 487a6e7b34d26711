// The demo fleet as the command journeys find it through the API.
import { expect, type Page } from '@playwright/test';
import type { Journey } from './journey.js';
import { chooseOption } from './select.js';

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

/**
 * The journeys that command single inverters run side by side, and some of them read their command back by the
 * device alone: the newest SOC lower limit of a device in the control records, a work mode the device must have now.
 * Each of those takes its own place in the list of MQTT inverters (mqttInverters), so no other journey sends that kind
 * of command to its inverter meanwhile. Clock syncs go to many inverters at once (control records' sixteen from place
 * 0 on, command batch's whole fleet): a journey finds its own clock sync by more than the device.
 */
export const INVERTER_PLACE = {
  /** Its SOC lower limit (and a clock sync to each of the first sixteen). */
  controlRecords: 0,
  /** Its SOC lower limit, read back in four languages. */
  readableRecords: 1,
  /** A work mode it sets, then offers again as unchanged. */
  commandSelection: 2,
  /** A work mode it reads back as the newest in the control records: the first inverter on PCU 4.0.0 from here on. */
  commandIssue: 3,
  /**
   * A work mode sent from a phone (phone-journeys), its outcome read from the page's own list of issued commands: the
   * last of control records' sixteen, far from the inverter command issue looks for from its place on.
   */
  phoneJourney: 15,
} as const;

const mqttFleet = async (journey: Journey): Promise<CommandDevice[]> =>
  (await demoInverters(journey)).filter((d) => d.protocol === 'mqtt').sort((a, b) => a.sn.localeCompare(b.sn));

/**
 * The demo inverters on MQTT in serial-number order (the OSIM ones belong to the online-debug journey), once the first
 * `online` of them are online (they connect shortly after the server starts). Their places do not move while the
 * server runs, online or not.
 */
export async function mqttInverters(journey: Journey, online = 1): Promise<CommandDevice[]> {
  let all: CommandDevice[] = [];
  await expect
    .poll(
      async () => {
        all = await mqttFleet(journey);
        return all.length >= online && all.slice(0, online).every((d) => d.online);
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  return all;
}

/** The MQTT inverter at `place` (INVERTER_PLACE) once it is online. */
export async function inverterAt(journey: Journey, place: number): Promise<CommandDevice> {
  let device: CommandDevice | undefined;
  await expect
    .poll(
      async () => {
        device = (await mqttFleet(journey))[place];
        return device?.online ?? false;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  return device!;
}

/** Picks the option reading exactly `label` in the Ant Design select with this test id (support/select.ts). */
export const chooseByTestId = (page: Page, testId: string, label: string): Promise<void> =>
  chooseOption(page, page.getByTestId(testId), label);
