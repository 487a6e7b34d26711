import { describe, expect, test } from 'vitest';
import type { PlantListItem } from '@voltfleet/domain/plants';
import { pageOf, searchPlants, sortPlants, timeZoneOptions, type PlantSort } from './plant-list-view';

const base: PlantListItem = {
  plantId: 0,
  name: '',
  type: 1,
  powerKw: 10,
  capacityKwh: 10,
  longitude: 14.4,
  latitude: 50.1,
  address: '',
  azimuthDeg: 180,
  inclinationDeg: 30,
  currency: 'CZK',
  onGridType: 1,
  timeZone: 'Europe/Prague',
  constructionDate: null,
  ownerId: 1,
  ownerName: 'owner',
  affiliatedUserIds: [],
  status: 'normal',
  activeAlarms: { count: 0, maxSeverity: null },
  deviceCount: 0,
  createdAt: '2024-01-01T00:00:00.000Z',
  refreshedAt: null,
  pvPowerW: null,
  pvEnergyTodayKwh: 0,
  specificYieldKwhPerKwp: 0,
  performanceRatio30d: null,
};

const plant = (plantId: number, name: string, patch: Partial<PlantListItem> = {}): PlantListItem => ({
  ...base,
  plantId,
  name,
  address: `${name} address`,
  ...patch,
});

const plants = [
  plant(1, 'Brno', { type: 2, powerKw: 50, status: 'offline', deviceCount: 0, constructionDate: '2022-05-01' }),
  plant(2, 'Aachen', {
    type: 1,
    powerKw: 8,
    status: 'alarm',
    activeAlarms: { count: 2, maxSeverity: 'major' },
    deviceCount: 3,
    refreshedAt: '2024-06-01T10:00:00Z',
    pvPowerW: 3200,
    pvEnergyTodayKwh: 20,
    specificYieldKwhPerKwp: 2.5,
    performanceRatio30d: 0.84,
  }),
  plant(3, 'Cheb', {
    type: 3,
    powerKw: 8,
    status: 'normal',
    deviceCount: 2,
    constructionDate: '2021-01-01',
    pvPowerW: 0,
    pvEnergyTodayKwh: 4,
    specificYieldKwhPerKwp: 0.5,
    performanceRatio30d: 0.61,
  }),
  plant(4, 'Děčín', {
    type: 1,
    powerKw: 120,
    status: 'normal',
    activeAlarms: { count: 1, maxSeverity: 'warning' },
    deviceCount: 5,
    refreshedAt: '2024-06-01T09:00:00Z',
    pvPowerW: 60_000,
    pvEnergyTodayKwh: 180,
    specificYieldKwhPerKwp: 1.5,
    performanceRatio30d: 0.79,
  }),
];
const names = (list: PlantListItem[]) => list.map((p) => p.name);

describe('sortPlants', () => {
  test.each<[PlantSort, string[]]>([
    [{ sort: 'name', order: 'asc' }, ['Aachen', 'Brno', 'Cheb', 'Děčín']],
    [{ sort: 'name', order: 'desc' }, ['Děčín', 'Cheb', 'Brno', 'Aachen']],
    [{ sort: 'type', order: 'asc' }, ['Aachen', 'Děčín', 'Brno', 'Cheb']],
    // Equal power: ties go by name.
    [{ sort: 'powerKw', order: 'asc' }, ['Aachen', 'Cheb', 'Brno', 'Děčín']],
    [{ sort: 'powerKw', order: 'desc' }, ['Děčín', 'Brno', 'Aachen', 'Cheb']],
    [{ sort: 'status', order: 'asc' }, ['Aachen', 'Cheb', 'Děčín', 'Brno']],
    [{ sort: 'status', order: 'desc' }, ['Brno', 'Cheb', 'Děčín', 'Aachen']],
    [{ sort: 'deviceCount', order: 'desc' }, ['Děčín', 'Aachen', 'Cheb', 'Brno']],
    // The figures: a plant without live power goes last in both orders.
    [{ sort: 'pvPowerW', order: 'desc' }, ['Děčín', 'Aachen', 'Cheb', 'Brno']],
    [{ sort: 'pvPowerW', order: 'asc' }, ['Cheb', 'Aachen', 'Děčín', 'Brno']],
    [{ sort: 'pvEnergyTodayKwh', order: 'desc' }, ['Děčín', 'Aachen', 'Cheb', 'Brno']],
    [{ sort: 'specificYieldKwhPerKwp', order: 'desc' }, ['Aachen', 'Děčín', 'Cheb', 'Brno']],
    // The performance ratio, worst first or best first; a plant without one (no power or irradiance) goes last.
    [{ sort: 'performanceRatio30d', order: 'asc' }, ['Cheb', 'Děčín', 'Aachen', 'Brno']],
    [{ sort: 'performanceRatio30d', order: 'desc' }, ['Aachen', 'Děčín', 'Cheb', 'Brno']],
    [{ sort: 'activeAlarms', order: 'desc' }, ['Aachen', 'Děčín', 'Brno', 'Cheb']],
    // Missing dates and refresh times go last whatever the order.
    [{ sort: 'constructionDate', order: 'asc' }, ['Cheb', 'Brno', 'Aachen', 'Děčín']],
    [{ sort: 'constructionDate', order: 'desc' }, ['Brno', 'Cheb', 'Aachen', 'Děčín']],
    [{ sort: 'refreshedAt', order: 'desc' }, ['Aachen', 'Děčín', 'Brno', 'Cheb']],
    [{ sort: 'refreshedAt', order: 'asc' }, ['Děčín', 'Aachen', 'Brno', 'Cheb']],
  ])('%o', (sort, expected) => {
    expect(names(sortPlants(plants, sort))).toEqual(expected);
  });

  test('leaves the input untouched', () => {
    sortPlants(plants, { sort: 'name', order: 'desc' });
    expect(names(plants)).toEqual(['Brno', 'Aachen', 'Cheb', 'Děčín']);
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 32 }, (_, i) => i + 1);
  test.each([
    [1, 15, 1, 1, 15],
    [2, 15, 2, 16, 30],
    [3, 15, 3, 31, 32],
    [9, 15, 3, 31, 32],
    [0, 15, 1, 1, 15],
    [1, 50, 1, 1, 32],
  ])('page %i of size %i → page %i, items %i…%i', (page, size, current, first, last) => {
    const result = pageOf(items, page, size);
    expect(result.page).toBe(current);
    expect(result.items[0]).toBe(first);
    expect(result.items.at(-1)).toBe(last);
  });

  test('an empty list is one empty page', () => {
    expect(pageOf([], 3, 15)).toEqual({ items: [], page: 1 });
  });
});

describe('searchPlants', () => {
  test.each([
    ['', ['Brno', 'Aachen', 'Cheb', 'Děčín']],
    ['  ', ['Brno', 'Aachen', 'Cheb', 'Děčín']],
    ['brno', ['Brno']],
    [' AACH ', ['Aachen']],
    ['děč', ['Děčín']],
    ['address', ['Brno', 'Aachen', 'Cheb', 'Děčín']],
    ['cheb addr', ['Cheb']],
    ['nowhere', []],
  ])('%j finds %j', (text, expected) => {
    expect(names(searchPlants(plants, text))).toEqual(expected);
  });
});

describe('timeZoneOptions', () => {
  const winter = Date.UTC(2024, 0, 15);
  const summer = Date.UTC(2024, 6, 15);
  const marks = { fixed: 'fixed', daylightSaving: 'DST' };

  test('labels every zone with its offset, ordered from west to east, marking daylight saving', () => {
    const options = timeZoneOptions(undefined, winter, marks);
    expect(options[0]).toEqual({ value: 'Etc/GMT+11', label: 'UTC-11 · fixed' });
    expect(options[1]).toEqual({ value: 'Pacific/Pago_Pago', label: 'UTC-11 Pacific/Pago_Pago' });
    expect(options.find((o) => o.value === 'Europe/Prague')?.label).toBe('UTC+1 Europe/Prague · DST');
    expect(options.find((o) => o.value === 'Asia/Shanghai')?.label).toBe('UTC+8 Asia/Shanghai');
    expect(options.at(-1)?.label).toBe('UTC+11 Pacific/Noumea');
  });

  test.each([
    ['January', winter],
    ['July', summer],
  ])('offers every whole offset UTC-11 … UTC+11 as a fixed zone in %s', (_month, now) => {
    const fixed = timeZoneOptions(undefined, now, marks).filter((o) => o.label.endsWith('· fixed'));
    expect(fixed.map((o) => o.label)).toEqual(
      Array.from({ length: 23 }, (_, i) => `UTC${i - 11 < 0 ? '-' : '+'}${Math.abs(i - 11)} · fixed`),
    );
    expect(fixed.find((o) => o.label === 'UTC+10 · fixed')?.value).toBe('Etc/GMT-10');
  });

  test('keeps a stored zone that is not in the common list', () => {
    const options = timeZoneOptions('Asia/Kolkata', winter, marks);
    expect(options.find((o) => o.value === 'Asia/Kolkata')?.label).toBe('UTC+5:30 Asia/Kolkata');
    const prague = timeZoneOptions('Europe/Prague', winter, marks).filter((o) => o.value === 'Europe/Prague');
    expect(prague).toHaveLength(1);
  });
});
