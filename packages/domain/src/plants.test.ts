import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  COMMON_TIME_ZONES,
  FIXED_OFFSET_TIME_ZONES,
  CURRENCIES,
  ON_GRID_TYPES,
  PLANT_STATUS_FILTERS,
  PLANT_TYPES,
  TARIFF_TYPES,
  UTC_OFFSET_HOURS,
} from './plants.js';
import { timeZoneSchema } from './calendar-date.js';
import { utcOffsetMinutes } from './telemetry/local-time.js';
import { plantInputSchema, plantSchema } from './plants-schemas.js';
import { LANGUAGES } from './languages.js';
import { translate } from './messages.js';

function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const input = {
  name: 'Praha_Vinohrady_Střecha',
  type: 1,
  powerKw: 9.6,
  capacityKwh: 10.2,
  longitude: '14.437800',
  latitude: 50.0755,
  address: 'Korunní 810/104, 101 00 Praha 10',
  azimuthDeg: 180,
  inclinationDeg: 35,
  currency: 'CZK',
  onGridType: 2,
  timeZone: 'Europe/Prague',
  constructionDate: '2023-04-18',
};

describe('plant enumerations', () => {
  test('codes follow R3.2 and R3.5', () => {
    expect(PLANT_TYPES.map((t) => [t.value, t.key])).toEqual([
      [1, 'household'],
      [2, 'commercial'],
      [3, 'microGrid'],
    ]);
    expect(TARIFF_TYPES.map((t) => [t.value, t.key])).toEqual([
      [1, 'sharp'],
      [2, 'peak'],
      [3, 'flat'],
      [4, 'valley'],
    ]);
    expect(PLANT_STATUS_FILTERS).toEqual(['all', 'online', 'normal', 'alarm', 'offline']);
    expect(UTC_OFFSET_HOURS).toEqual(Array.from({ length: 23 }, (_, i) => i - 11));
  });

  test.each([...PLANT_TYPES, ...ON_GRID_TYPES, ...TARIFF_TYPES].map((o) => [o.key, o] as const))(
    '%s has a label in every language',
    (_key, o) => {
      for (const lang of LANGUAGES) expect(translate(o.label, lang)).not.toMatch(/^option\.|^$/);
    },
  );

  test('every common time zone is known to Intl and the list has no duplicates', () => {
    expect(new Set(COMMON_TIME_ZONES).size).toBe(COMMON_TIME_ZONES.length);
    for (const zone of COMMON_TIME_ZONES) expect(timeZoneSchema.safeParse(zone).success, zone).toBe(true);
  });

  test('a fixed offset zone for every hour UTC-11 … UTC+11, accepted by the plant schema', () => {
    const offsetHours = (zone: string, iso: string) => utcOffsetMinutes(zone, Date.parse(iso)) / 60;
    expect(FIXED_OFFSET_TIME_ZONES.map((z) => offsetHours(z, '2026-01-15T12:00:00Z'))).toEqual(UTC_OFFSET_HOURS);
    expect(FIXED_OFFSET_TIME_ZONES.map((z) => offsetHours(z, '2026-07-15T12:00:00Z'))).toEqual(UTC_OFFSET_HOURS);
    expect(FIXED_OFFSET_TIME_ZONES).toContain('Etc/GMT-10');
    for (const zone of FIXED_OFFSET_TIME_ZONES) {
      expect(plantInputSchema.shape.timeZone.safeParse(zone).success, zone).toBe(true);
    }
  });

  test('currencies are ISO 4217 codes', () => {
    for (const c of CURRENCIES) expect(c).toMatch(/^[A-Z]{3}$/);
  });
});

describe('plantInputSchema', () => {
  test('accepts a full plant and turns coordinates into numbers', () => {
    const result = plantInputSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ longitude: 14.4378, latitude: 50.0755 });
  });

  test.each([
    ['a Chinese name', { name: '苏州工业园区储能电站' }],
    ['capacity 0 (PV only)', { capacityKwh: 0 }],
    ['flat panels', { inclinationDeg: 0, azimuthDeg: 0 }],
    ['a micro-grid off-grid plant', { type: 3, onGridType: 3 }],
    ['affiliated users', { affiliatedUserIds: [3, 7] }],
    ['an owner', { ownerId: 12 }],
    ['coordinates at the limits with 6 decimals', { longitude: '-180.000000', latitude: '+90.000000' }],
    ['a name of 64 characters', { name: 'x'.repeat(64) }],
    ['a leap day', { constructionDate: '2024-02-29' }],
  ])('accepts %s', (_label, patch) => {
    expect(issuesOf(plantInputSchema, { ...input, ...patch })).toEqual([]);
  });

  test.each([
    ['a name with spaces', { name: 'Praha Roof' }, 'name: validation.name'],
    ['an empty name', { name: '' }, 'name: validation.required'],
    ['a name with a leading space', { name: ' Praha' }, 'name: validation.noLeadingTrailingSpace'],
    ['a name with a trailing space', { name: 'Praha ' }, 'name: validation.noLeadingTrailingSpace'],
    ['a name with a dash', { name: 'Praha-Roof' }, 'name: validation.name'],
    ['a name of 65 characters', { name: 'x'.repeat(65) }, 'name: validation.tooLong'],
    ['an unknown type', { type: 4 }, 'type: plant.typeNotFound'],
    ['a type as text', { type: '1' }, 'type: plant.typeNotFound'],
    ['negative power', { powerKw: -5 }, 'powerKw: validation.positiveNumber'],
    ['infinite power', { powerKw: Infinity }, 'powerKw: validation.positiveNumber'],
    ['absurd capacity', { capacityKwh: 10_000_001 }, 'capacityKwh: validation.exceedsLimit'],
    ['longitude with 7 decimals', { longitude: '14.1234567' }, 'longitude: validation.longitude'],
    ['longitude -180.000001', { longitude: '-180.000001' }, 'longitude: validation.longitude'],
    ['longitude in degrees and minutes', { longitude: "14°26'" }, 'longitude: validation.longitude'],
    ['latitude -91', { latitude: -91 }, 'latitude: validation.latitude'],
    ['latitude as a number with 7 decimals', { latitude: 50.1234567 }, 'latitude: validation.latitude'],
    ['an owner id of 0', { ownerId: 0 }, 'ownerId: validation.invalidValue'],
    [
      '101 affiliated users',
      { affiliatedUserIds: Array.from({ length: 101 }, (_, i) => i + 1) },
      'affiliatedUserIds: validation.exceedsLimit',
    ],
    ['zero power', { powerKw: 0 }, 'powerKw: validation.positiveNumber'],
    ['power as text', { powerKw: '10' }, 'powerKw: validation.positiveNumber'],
    ['absurd power', { powerKw: 2_000_000 }, 'powerKw: validation.exceedsLimit'],
    ['negative capacity', { capacityKwh: -1 }, 'capacityKwh: validation.nonNegativeNumber'],
    ['longitude 181', { longitude: 181 }, 'longitude: validation.longitude'],
    ['latitude with 7 decimals', { latitude: '50.1234567' }, 'latitude: validation.latitude'],
    ['an address with a trailing space', { address: 'Praha ' }, 'address: validation.noLeadingTrailingSpace'],
    ['an empty address', { address: '' }, 'address: validation.required'],
    ['azimuth 361', { azimuthDeg: 361 }, 'azimuthDeg: validation.exceedsLimit'],
    ['inclination 91', { inclinationDeg: 91 }, 'inclinationDeg: validation.exceedsLimit'],
    ['negative inclination', { inclinationDeg: -5 }, 'inclinationDeg: validation.nonNegativeNumber'],
    ['an unknown currency', { currency: 'BTC' }, 'currency: validation.invalidValue'],
    ['an unknown on-grid type', { onGridType: 0 }, 'onGridType: validation.invalidValue'],
    ['a UTC offset instead of a zone', { timeZone: 'UTC+1' }, 'timeZone: validation.timeZone'],
    ['an unknown zone', { timeZone: 'Europe/Atlantis' }, 'timeZone: validation.timeZone'],
    ['an impossible date', { constructionDate: '2023-02-30' }, 'constructionDate: validation.invalidValue'],
    ['a cleared date', { constructionDate: '' }, 'constructionDate: validation.required'],
    ['a date with time', { constructionDate: '2023-02-03T10:00' }, 'constructionDate: validation.invalidValue'],
  ])('rejects %s', (_label, patch, issue) => {
    expect(issuesOf(plantInputSchema, { ...input, ...patch })).toContain(issue);
  });

  test('rejects unknown properties', () => {
    const result = plantInputSchema.safeParse({ ...input, owner: 'x' });
    expect(result.error?.issues.map((i) => [i.code, i.path.length])).toEqual([['unrecognized_keys', 0]]);
  });
});

describe('plantSchema', () => {
  test('describes a stored plant', () => {
    const plant = {
      ...input,
      longitude: 14.4378,
      plantId: 7,
      ownerId: 3,
      ownerName: 'owner_praha',
      affiliatedUserIds: [],
      status: 'normal',
      activeAlarms: { count: 2, maxSeverity: 'major' },
      deviceCount: 3,
      createdAt: '2024-01-01T00:00:00.000Z',
      refreshedAt: null,
    };
    expect(issuesOf(plantSchema, plant)).toEqual([]);
    expect(issuesOf(plantSchema, { ...plant, activeAlarms: { count: 0, maxSeverity: null } })).toEqual([]);
    expect(issuesOf(plantSchema, { ...plant, status: 'online' })).toEqual([
      'status: Invalid option: expected one of "normal"|"alarm"|"offline"',
    ]);
  });
});
