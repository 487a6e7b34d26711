import { describe, expect, it } from 'vitest';
import type { DeviceListItem, LiveMessage } from '@voltfleet/domain/device-list';
import type { Paged } from '@/lib/paging';
import { applyLiveMessage, latestFromReading, pagesShowDevice } from './live-cache';

const T0 = Date.parse('2026-06-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

function device(id: number, readingMs: number | null): DeviceListItem {
  return {
    id,
    sn: `VFTEST${String(id).padStart(4, '0')}`,
    kind: 'inverter',
    model: '10K',
    plantId: 1,
    plantName: 'Roof',
    plantTimeZone: 'Europe/Prague',
    runningStatus: 'online',
    activated: true,
    importedAt: '2026-01-01T00:00:00.000Z',
    lastSeenAt: readingMs === null ? null : iso(readingMs),
    lastReadingAt: readingMs === null ? null : iso(readingMs),
    latest: readingMs === null ? null : { ...latestFromReading(readingMs, { pvPowerW: 100, batSocPct: 50 }) },
    activeAlarms: { count: 0, maxSeverity: null },
  };
}

const page = (): Paged<DeviceListItem> => ({
  items: [device(1, T0), device(2, null)],
  total: 2,
  page: 1,
  pageSize: 15,
});
const reading = (deviceId: number, ts: number, values: Extract<LiveMessage, { type: 'reading' }>['values']) =>
  ({ type: 'reading', deviceId, plantId: 1, ts, values }) as const;

describe('applyLiveMessage', () => {
  it('replaces the row’s values with a newer reading, rounded, missing ones null', () => {
    const before = page();
    const after = applyLiveMessage(before, reading(1, T0 + 30_000, { pvPowerW: 2345.6, batSocPct: 61.2 }), T0 + 31_000);
    expect(after.items[0]).toMatchObject({
      lastReadingAt: iso(T0 + 30_000),
      lastSeenAt: iso(T0 + 31_000),
      latest: {
        ts: iso(T0 + 30_000),
        pvPowerW: 2346,
        batSocPct: 61,
        loadPowerW: null,
        gridPowerW: null,
        batPowerW: null,
        pvEnergyTodayKwh: null,
      },
    });
    expect(after.items[1]).toBe(before.items[1]);
    expect(before.items[0]!.latest!.pvPowerW).toBe(100);
  });

  it('gives a device its first values', () => {
    const after = applyLiveMessage(page(), reading(2, T0, { gridPowerW: -800, pvEnergyTodayKwh: 1.234 }));
    expect(after.items[1]!.latest).toMatchObject({ gridPowerW: -800, pvEnergyTodayKwh: 1.23 });
  });

  it.each([
    ['an older reading', reading(1, T0 - 1, { pvPowerW: 1 })],
    ['the same reading again', reading(1, T0, { pvPowerW: 1 })],
    ['a device not on the page', reading(99, T0 + 1, { pvPowerW: 1 })],
    ['an unchanged status', { type: 'deviceStatus', deviceId: 1, plantId: 1, status: 'online' }],
    ['a plant status', { type: 'plantStatus', plantId: 1, status: 'alarm' }],
    ['hello', { type: 'hello', devices: 2 }],
  ] as [string, LiveMessage][])('leaves the page as it is for %s', (_, message) => {
    const before = page();
    expect(applyLiveMessage(before, message)).toBe(before);
  });

  it('changes the running status', () => {
    const after = applyLiveMessage(page(), { type: 'deviceStatus', deviceId: 2, plantId: 1, status: 'alarm' });
    expect(after.items.map((d) => d.runningStatus)).toEqual(['online', 'alarm']);
  });
});

describe('pagesShowDevice', () => {
  it('finds a device on any cached page, and none on an empty cache', () => {
    expect(pagesShowDevice([undefined, page()], 2)).toBe(true);
    expect(pagesShowDevice([page()], 3)).toBe(false);
    expect(pagesShowDevice([], 1)).toBe(false);
  });

  it('leaves a page untouched by an alarm event (the page is refetched instead)', () => {
    const before = page();
    const alarm = {
      type: 'alarm',
      event: 'raised',
      alarm: {
        id: 5,
        deviceId: 1,
        plantId: 1,
        code: 'grid.voltageHigh',
        severity: 'critical',
        state: 'active',
        raisedAt: iso(T0),
        recoveredAt: null,
      },
    } as const;
    expect(applyLiveMessage(before, alarm)).toBe(before);
  });
});
