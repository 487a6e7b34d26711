import { describe, expect, it } from 'vitest';
import type { DeviceDetail, DeviceRealtime } from '@voltfleet/domain/telemetry';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import { applyLiveReading, applyLiveStatus } from './realtime-cache';

const shown: DeviceRealtime = {
  ts: '2026-03-10T10:00:00.000Z',
  source: null,
  plantTimeZone: 'Europe/Prague',
  groups: [
    { group: 'pv', values: [{ key: 'pvPowerW', unit: 'W', decimals: 0, value: 1200 }] },
    { group: 'grid', values: [] },
  ],
};
const reading = (
  ts: string,
  values: Extract<LiveMessage, { type: 'reading' }>['values'],
  deviceId = 7,
): LiveMessage => ({
  type: 'reading',
  deviceId,
  plantId: 1,
  ts: Date.parse(ts),
  values,
});
const value = (r: DeviceRealtime, key: string) => r.groups.flatMap((g) => g.values).find((v) => v.key === key)?.value;

describe('applyLiveReading', () => {
  it('makes a newer reading of the device the newest, rounded to the catalogue decimals', () => {
    const next = applyLiveReading(
      shown,
      reading('2026-03-10T10:00:10.000Z', { pvPowerW: 1500.4, gridVoltageAV: 231.26 }),
      7,
    );
    expect(next.ts).toBe('2026-03-10T10:00:10.000Z');
    expect([value(next, 'pvPowerW'), value(next, 'gridVoltageAV'), value(next, 'pv1VoltageV')]).toEqual([
      1500,
      231.3,
      null,
    ]);
    expect(next.groups.map((g) => g.group)).toEqual(['pv', 'grid']);
  });

  it('adds a monitoring group once the device reports one of its values', () => {
    const next = applyLiveReading(shown, reading('2026-03-10T10:00:10.000Z', { dehumTempC: 21.5 }), 7);
    expect(next.groups.map((g) => g.group)).toEqual(['pv', 'grid', 'dehumidifier']);
    expect(value(next, 'dehumTempC')).toBe(21.5);
  });

  it.each([
    ['another device', reading('2026-03-10T10:00:10.000Z', { pvPowerW: 1 }, 8)],
    ['an older reading', reading('2026-03-10T09:59:50.000Z', { pvPowerW: 1 })],
    ['the same reading again', reading('2026-03-10T10:00:00.000Z', { pvPowerW: 1 })],
    ['a status message', { type: 'deviceStatus', deviceId: 7, plantId: 1, status: 'alarm' } as LiveMessage],
  ])('leaves the data as it is for %s', (_name, message) => {
    expect(applyLiveReading(shown, message, 7)).toBe(shown);
  });
});

describe("applyLiveReading on a battery's page", () => {
  // Battery 12's values are the battery group of inverter 7's readings.
  const battery: DeviceRealtime = {
    ts: '2026-03-10T10:00:00.000Z',
    source: { id: 7, sn: 'VF5K24000101', kind: 'inverter' },
    plantTimeZone: 'Europe/Prague',
    groups: [{ group: 'bms', values: [{ key: 'batSocPct', unit: '%', decimals: 0, value: 60 }] }],
  };

  it("takes the inverter's newer reading, the battery group alone", () => {
    const next = applyLiveReading(battery, reading('2026-03-10T10:00:10.000Z', { batSocPct: 61.2, pvPowerW: 900 }), 12);
    expect(next.ts).toBe('2026-03-10T10:00:10.000Z');
    expect(next.groups.map((g) => g.group)).toEqual(['bms']);
    expect([value(next, 'batSocPct'), value(next, 'pvPowerW')]).toEqual([61, undefined]);
  });

  it("leaves it as it is for a reading of the battery's own id or another device", () => {
    for (const id of [12, 8]) {
      const message = reading('2026-03-10T10:00:10.000Z', { batSocPct: 1 }, id);
      expect(applyLiveReading(battery, message, 12)).toBe(battery);
    }
  });
});

describe('applyLiveStatus', () => {
  const detail = { id: 7, runningStatus: 'online' } as DeviceDetail;
  it('applies a status change of the device only', () => {
    expect(applyLiveStatus(detail, { type: 'deviceStatus', deviceId: 7, plantId: 1, status: 'alarm' })).toMatchObject({
      runningStatus: 'alarm',
    });
    const other: LiveMessage = { type: 'deviceStatus', deviceId: 8, plantId: 1, status: 'alarm' };
    expect(applyLiveStatus(detail, other)).toBe(detail);
  });
});
