import { faultWordCodes, osimFaultCodes, parseFaultCodes } from '@voltfleet/domain/alarms';
import { decodeMessage, type OsimValues } from '@voltfleet/osim';
import { describe, expect, it } from 'vitest';
import { MINUTE, testInverter } from '../test-support.js';
import { OsimDevice } from './osim-device.js';

const NOON = Date.UTC(2024, 5, 10, 10, 30);

function decoded(device: OsimDevice, code: string, version: number, at: number): OsimValues {
  const [frame] = device.replies(code, at);
  if (!frame) throw new Error(`no ${code} reply`);
  const message = decodeMessage(frame, version);
  if (!message.ok || !message.value.payload) throw new Error(`${code} not decoded`);
  return message.value.payload.values;
}

const bits = (value: OsimValues[string] | undefined): number[] =>
  Array.isArray(value) ? value.filter((b): b is number => typeof b === 'number') : [];

describe('the simulated OSIM inverter reports its active faults in 1F and 1E', () => {
  it.each([
    [[], 603],
    [[8, 1001], 603],
    [[1, 5, 27, 29], 500],
    [[20, 37, 47, 49, 63, 67, 75], 603],
    [[37, 756, 1002], 258],
  ])('%j at PCU %i', (codes, version) => {
    const inverter = testInverter({ startMs: NOON - MINUTE });
    for (const code of codes) inverter.injectFault(code, NOON - MINUTE, NOON + MINUTE);
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter, pcuVersion: version });
    const system = decoded(device, '1F', version, NOON);
    const words = ['sysFault1', 'sysFault2', 'sysFault3', 'sysFault4', 'sysFault5'].map((k) => bits(system[k]));
    const bms = bits(decoded(device, '1E', version, NOON).bmsWarn1);
    // Everything but Voltfleet's own codes (1001, 1002), which OSIM has no bit for.
    expect(osimFaultCodes(words, bms, 'generic')).toEqual(codes.filter((c) => c < 1001));
    const reading = inverter.reading(NOON);
    const stated = [
      ...faultWordCodes(reading.values.faultWord ?? 0),
      ...parseFaultCodes(String(reading.extra?.faultCodes ?? '')).codes,
    ];
    expect(stated).toEqual(codes);
  });
});
