import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { DEVICE_ENUMS, INVERTER_MODELS, WORK_MODES, modelFromOsimCode, ratedPowerW } from './devices.js';
import { optionSchema, deviceImportSchema, deviceSchema, deviceSettingsSchema } from './devices-schemas.js';
import { LANGUAGES } from './languages.js';
import { translate } from './messages.js';

function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('inverter models', () => {
  test.each([
    ['5K', 5000, 2],
    ['6K', 6000, 3],
    ['10K', 10000, 1],
  ] as const)('%s is rated %i W and OSIM model code %i', (model, watts, osimCode) => {
    expect(ratedPowerW(model)).toBe(watts);
    expect(modelFromOsimCode(osimCode)).toBe(model);
  });

  test('codes we do not sell map to nothing', () => {
    expect(modelFromOsimCode(5)).toBeUndefined();
    expect(INVERTER_MODELS).toHaveLength(3);
  });
});

describe('R3.7 enumerations', () => {
  test.each([
    ['batteryType', [1, 2]],
    ['workMode', [0, 1, 2, 3, 4, 6]],
    ['enableOption', [0, 1, 2]],
    ['acCouplingPvSource', [0, 1, 2, 3]],
    ['backupSupplyOrder', [0, 1]],
    ['onOff', [0, 1]],
    ['weeklyForcedCharging', [0, 1, 2]],
    ['batteryChargeState', [0, 1, 2]],
  ] as const)('%s has the codes %j, unique keys and four labels each', (name, codes) => {
    const options = DEVICE_ENUMS[name];
    expect(options.map((o) => o.value)).toEqual(codes);
    expect(new Set(options.map((o) => o.key)).size).toBe(options.length);
    for (const o of options)
      for (const lang of LANGUAGES) expect(translate(o.label, lang), `${o.key} ${lang}`).not.toMatch(/^option\.|^$/);
  });

  test('optionSchema accepts exactly the codes', () => {
    const schema = optionSchema(WORK_MODES);
    expect([0, 1, 2, 3, 4, 6].map((v) => schema.safeParse(v).success)).toEqual([true, true, true, true, true, true]);
    expect([5, 7, -1, 1.5, '1'].map((v) => schema.safeParse(v).success)).toEqual([false, false, false, false, false]);
  });
});

describe('device schemas', () => {
  test('stock-in row', () => {
    expect(issuesOf(deviceImportSchema, { sn: 'VF10K2400101', kind: 'inverter', modelType: '10K' })).toEqual([]);
    expect(
      issuesOf(deviceImportSchema, {
        sn: 'VFBAT2400101',
        kind: 'battery',
        modelType: 'LFP10',
        parentSn: 'VF10K2400101',
      }),
    ).toEqual([]);
    expect(issuesOf(deviceImportSchema, { sn: 'VF10K2400101', kind: 'meter', modelType: '10K' })).toEqual([
      'kind: validation.invalidValue',
    ]);
    expect(issuesOf(deviceImportSchema, { sn: 'VF10K2400101', kind: 'inverter', modelType: '' })).toEqual([
      'modelType: validation.required',
    ]);
  });

  test.each([
    [{ socLowerLimitPct: 10 }, []],
    [{ socLowerLimitPct: 100 }, []],
    [{ socLowerLimitPct: 9 }, ['socLowerLimitPct: validation.socLowerLimit']],
    [{ socLowerLimitPct: 101 }, ['socLowerLimitPct: validation.socLowerLimit']],
    [{ socLowerLimitPct: 20.5 }, ['socLowerLimitPct: validation.invalidValue']],
    [{ gridConnectionLimitW: 0 }, []],
    [{ gridConnectionLimitW: -1 }, ['gridConnectionLimitW: validation.nonNegativeNumber']],
    [{ plantId: null }, []],
  ])('settings %j', (value, issues) => {
    expect(issuesOf(deviceSettingsSchema, value)).toEqual(issues);
  });

  test('deviceSchema describes a stored inverter', () => {
    const device = {
      id: 1,
      sn: 'VF10K2400101',
      kind: 'inverter',
      modelType: '10K',
      batteryModelType: 'LFP10',
      installationPosition: 'garage',
      plantId: 4,
      plantName: 'Praha_Vinohrady_Střecha',
      parentSn: 'VFDTU2400100',
      dspVersion: 'V201A00D00',
      pcuVersion: '4.0.0',
      gridCode: 3,
      batteryProtocol: 1,
      meterProtocol: 1,
      activation: 'activated',
      importTime: '2024-01-01T00:00:00.000Z',
      activatedAt: '2024-01-02T00:00:00.000Z',
      runningStatus: 'online',
      lastSeenAt: '2024-06-01T00:00:00.000Z',
      template: null,
      gridConnectionLimitW: 5000,
      socLowerLimitPct: 20,
    };
    expect(issuesOf(deviceSchema, device)).toEqual([]);
    expect(issuesOf(deviceSchema, { ...device, activation: 'pending' }).length).toBe(1);
  });
});
