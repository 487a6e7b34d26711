import { describe, expect, it } from 'vitest';
import { decodeMessage, pollingCommands, type OsimValues } from '@voltfleet/osim';
import { createFleet } from '../fleet.js';
import { demoFleetConfig } from '../demo-fleet.js';
import { OsimDevice } from './osim-device.js';

const START = Date.parse('2026-06-10T06:00:00Z');
const config = demoFleetConfig({ startMs: START, seed: 3 });
const fleet = createFleet(config);
fleet.advance(START + 6 * 3600_000, 60);
// An inverter with a battery in daylight, so every checked value is non-zero.
const inverter = fleet.inverters.find(
  (i) => i.battery !== undefined && (i.reading(fleet.now).values.pv1PowerW ?? 0) > 0,
)!;

function decodedReplies(device: OsimDevice, code: string, version: number): Map<string, OsimValues> {
  const out = new Map<string, OsimValues>();
  for (const frame of device.replies(code, fleet.now)) {
    const decoded = decodeMessage(frame, version);
    if (!decoded.ok) throw new Error(`${code}: ${decoded.error.code}`);
    expect(decoded.value.direction).toBe('reply');
    out.set(decoded.value.payload!.command.code, decoded.value.payload!.values);
  }
  return out;
}

describe('OsimDevice replies', () => {
  it.each([258, 259, 500, 603])('answers every polled query of PCU version %i with decodable frames', (version) => {
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter, pcuVersion: version });
    for (const code of pollingCommands(version)) expect(decodedReplies(device, code, version).size).toBeGreaterThan(0);
    expect([...decodedReplies(device, '99', version).keys()]).toEqual(['99', '9A', '9B', '9C']);
  });

  it('identifies itself with its serial number, model code and version', () => {
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter, pcuVersion: 500 });
    const values = decodedReplies(device, '98', 500).get('98')!;
    const modelCode = { '10K': 1, '5K': 2, '6K': 3 }[inverter.model];
    expect(values).toMatchObject({ sn: inverter.sn, pcuVersion: 500, modelCode });
  });

  it.each([
    ['0B', 'pv1Power', 'pv1PowerW', 0],
    ['0B', 'pv1Voltage', 'pv1VoltageV', 1],
    ['0B', 'gridFrequency', 'gridFrequencyHz', 2],
    ['0A', 'batterySoc', 'batSocPct', 0],
    ['99', 'pvDailyPowerGeneration', 'pvEnergyTodayKwh', 1],
    ['9C', 'batteryChargingOnTheDay', 'batChargeTodayKwh', 1],
  ] as const)('carries %s %s from the inverter state (%s)', (code, field, key, digits) => {
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter });
    const expected = inverter.reading(fleet.now).values[key]!;
    expect(expected).toBeGreaterThan(0);
    const replies = decodedReplies(device, code === '9C' ? '99' : code, 603);
    expect(replies.get(code)![field]).toBeCloseTo(expected, digits);
  });

  it('answers nothing to a write or an unknown command', () => {
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter });
    expect(device.replies('64', fleet.now)).toEqual([]);
    expect(device.replies('EE', fleet.now)).toEqual([]);
  });
});
