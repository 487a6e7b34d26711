import { PLANT_TYPES, plantInputSchema } from '@voltfleet/domain/plants';
import { SERIAL_NUMBER_PATTERN } from '@voltfleet/domain/devices';
import { isValidMobile, usernameSchema } from '@voltfleet/domain/validation';
import { describe, expect, test } from 'vitest';
import { demoFleetConfig } from './demo-fleet.js';
import { coversDay } from './tariff.js';

const demo = demoFleetConfig({ startMs: Date.UTC(2024, 5, 10) });

describe('demoFleetConfig', () => {
  test('about a dozen plants of every type across several countries and time zones', () => {
    expect(demo.plants.length).toBeGreaterThanOrEqual(12);
    expect(new Set(demo.plants.map((p) => p.type))).toEqual(new Set(PLANT_TYPES.map((t) => t.value)));
    expect(new Set(demo.plants.map((p) => p.timeZone)).size).toBeGreaterThanOrEqual(7);
    for (const tz of [
      'Asia/Shanghai',
      'Europe/Prague',
      'Europe/Berlin',
      'Europe/Amsterdam',
      'America/Sao_Paulo',
      'Africa/Lagos',
    ])
      expect(demo.plants.map((p) => p.timeZone)).toContain(tz);
  });

  test.each(demo.plants.map((p) => [p.id, p] as const))('%s is a valid plant with a full-day tariff', (_id, plant) => {
    const { name, type, powerKw, capacityKwh, longitude, latitude, address, azimuthDeg, inclinationDeg } = plant;
    const input = { name, type, powerKw, capacityKwh, longitude, latitude, address, azimuthDeg, inclinationDeg };
    const result = plantInputSchema.safeParse({
      ...input,
      currency: plant.currency,
      onGridType: plant.onGridType,
      timeZone: plant.timeZone,
      constructionDate: plant.constructionDate,
    });
    expect(result.error?.issues ?? []).toEqual([]);
    expect(coversDay(plant.tariff)).toBe(true);
    expect(plant.tariff.length).toBeLessThanOrEqual(10);
  });

  test('each plant has one to three inverters, a battery per inverter and one collector', () => {
    for (const plant of demo.plants) {
      const devices = demo.devices.filter((d) => d.plantId === plant.id);
      const inverters = devices.filter((d) => d.kind === 'inverter');
      expect(inverters.length).toBeGreaterThanOrEqual(1);
      expect(inverters.length).toBeLessThanOrEqual(3);
      expect(devices.filter((d) => d.kind === 'battery')).toHaveLength(inverters.length);
      expect(devices.filter((d) => d.kind === 'collector')).toHaveLength(1);
    }
    const models = new Set(demo.devices.flatMap((d) => (d.kind === 'inverter' ? [d.model] : [])));
    expect(models).toEqual(new Set(['5K', '6K', '10K']));
  });

  test('serial numbers are fixed, unique, uppercase letters and digits', () => {
    const sns = demo.devices.map((d) => d.sn);
    expect(new Set(sns).size).toBe(sns.length);
    for (const sn of sns) expect(sn).toMatch(SERIAL_NUMBER_PATTERN);
    expect(sns.slice(0, 3)).toEqual(['VFDTU2400100', 'VF10K2400101', 'VFBAT2400101']);
    expect(demoFleetConfig({ startMs: 0 }).devices.map((d) => d.sn)).toEqual(sns);
  });

  test('users form a dealer → installer → owner hierarchy that owns every plant', () => {
    const byName = new Map(demo.users.map((u) => [u.username, u]));
    expect(byName.size).toBe(demo.users.length);
    for (const user of demo.users) {
      expect(usernameSchema.safeParse(user.username).success, user.username).toBe(true);
      if (user.phone) expect(isValidMobile(user.prePhoneCode ?? '', user.phone), user.username).toBe(true);
      if (user.superior === null) expect(user.level).toBe(1);
      else expect(byName.get(user.superior)?.level).toBe(user.level - 1);
    }
    for (const plant of demo.plants) {
      expect(byName.get(plant.owner)?.level, plant.owner).toBe(3);
      expect(byName.get(plant.owner)?.superior).toBe(plant.installer);
    }
    expect(new Set(demo.users.map((u) => u.level))).toEqual(new Set([1, 2, 3]));
  });
});
