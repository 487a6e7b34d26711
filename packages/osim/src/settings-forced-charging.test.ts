import { describe, expect, it } from 'vitest';
import type { OsimValue } from './codec.js';
import { buildOsimSettingsWrite, osimSettingsReadBack } from './settings-blocks.js';
import { osimForcedChargingFields, osimForcedChargingOf } from './settings-forced-charging.js';
import { blockForTest, frameValuesForTest } from './test-support.js';

const DAYS = ['Mon', 'Tus', 'Wen', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A side's open flag and weekday enables: `value` on the named days, 0 on the others. */
function side(prefix: 'fc' | 'fd', open: number, on: readonly string[], value: number): Record<string, number> {
  const enables = DAYS.map((d) => [`${prefix}${d}Enable`, on.includes(d) ? value : 0]);
  return { [`${prefix}Open`]: open, ...Object.fromEntries(enables) };
}

/** An A2 block: charge once on Monday and Sunday 01:00–02:00, discharge closed with one range 10:00–11:40. */
const a2 = (fields: Record<string, OsimValue> = {}) =>
  blockForTest('A2', 603, {
    ...side('fc', 1, ['Mon', 'Sun'], 1),
    ...side('fd', 0, [], 0),
    fcSocLimit: 95,
    fdSocLimit: 15,
    fcTimeRangeLen: 1,
    fdTimeRangeLen: 1,
    fcTimeGap: [{ startTime: 60, endTime: 120 }],
    fdTimeGap: [{ startTime: 600, endTime: 700 }],
    ...fields,
  });

describe('forced charging read from A2/71', () => {
  it.each([
    [
      'mask bit 0 = Monday, the mode from the enables, each side its first range in force',
      a2(),
      {
        forcedChargingMode: 1,
        forcedChargeDays: 0b1000001,
        forcedDischargeDays: 0,
        forcedChargeStartMin: 60,
        forcedChargeEndMin: 120,
        forcedDischargeStartMin: 600,
        forcedDischargeEndMin: 700,
      },
    ],
    [
      'weekly; a side without a range in force has no period',
      a2({ ...side('fc', 1, ['Wen'], 2), fdTimeRangeLen: 0 }),
      {
        forcedChargingMode: 2,
        forcedChargeDays: 0b0000100,
        forcedDischargeDays: 0,
        forcedChargeStartMin: 60,
        forcedChargeEndMin: 120,
      },
    ],
    ['a closed side: its enables do not count; off is the mode alone', a2({ fcOpen: 0 }), { forcedChargingMode: 0 }],
    ['no day enabled is off', a2(side('fc', 1, [], 0)), { forcedChargingMode: 0 }],
  ])('%s', (_name, block, expected) => {
    expect(osimForcedChargingOf(block)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['days of different modes (the registers hold one)', a2(side('fd', 1, ['Fri'], 2)), 'INVALID_VALUE'],
    ['a weekday enable missing', { ...a2(), fcSunEnable: undefined }, 'MISSING_FIELD'],
    ['the range count missing', { ...a2(), fdTimeRangeLen: undefined }, 'MISSING_FIELD'],
  ])('refuses a block with %s', (_name, block, code) => {
    const defined = Object.fromEntries(Object.entries(block).filter(([, v]) => v !== undefined)) as ReturnType<
      typeof a2
    >;
    expect(osimForcedChargingOf(defined)).toMatchObject({ ok: false, error: { code } });
  });
});

describe('forced charging written to 71', () => {
  it.each([
    [
      'weekly on Tuesday and Saturday, discharge on Wednesday: one range per side',
      {
        forcedChargingMode: 2,
        forcedChargeDays: 0b0100010,
        forcedDischargeDays: 0b0000100,
        forcedChargeStartMin: 30,
        forcedChargeEndMin: 90,
        forcedDischargeStartMin: 1000,
        forcedDischargeEndMin: 1100,
      },
      {
        ...side('fc', 1, ['Tus', 'Sat'], 2),
        ...side('fd', 1, ['Wen'], 2),
        fcTimeRangeLen: 1,
        fcTimeGap: [{ startTime: 30, endTime: 90 }],
        fdTimeRangeLen: 1,
        fdTimeGap: [{ startTime: 1000, endTime: 1100 }],
      },
    ],
    [
      'once, charge only: the discharge side closed, its ranges not touched',
      {
        forcedChargingMode: 1,
        forcedChargeDays: 0b0000001,
        forcedDischargeDays: 0,
        forcedChargeStartMin: 0,
        forcedChargeEndMin: 60,
      },
      {
        ...side('fc', 1, ['Mon'], 1),
        ...side('fd', 0, [], 0),
        fcTimeRangeLen: 1,
        fcTimeGap: [{ startTime: 0, endTime: 60 }],
      },
    ],
    [
      'off: every enable 0, the ranges not touched',
      { forcedChargingMode: 0 },
      { ...side('fc', 0, [], 0), ...side('fd', 0, [], 0) },
    ],
    [
      'a period alone: mode and days as read back',
      { forcedChargeStartMin: 300, forcedChargeEndMin: 360 },
      {
        ...side('fc', 1, ['Mon', 'Sun'], 1),
        ...side('fd', 0, [], 0),
        fcTimeRangeLen: 1,
        fcTimeGap: [{ startTime: 300, endTime: 360 }],
      },
    ],
  ])('%s', (_name, settings, expected) => {
    expect(osimForcedChargingFields(settings, a2())).toEqual({ ok: true, value: expected });
  });

  it('turns off a block of mixed modes, which it cannot read', () => {
    const mixed = a2(side('fd', 1, ['Fri'], 2));
    expect(osimForcedChargingFields({ forcedChargingMode: 0 }, mixed).ok).toBe(true);
    expect(osimForcedChargingFields({ forcedChargingMode: 1 }, mixed)).toMatchObject({ ok: false });
  });

  it('writes the SOC limits and the other ranges of a side as read back', () => {
    const settings = { forcedChargingMode: 2, forcedChargeDays: 0b1111111, forcedDischargeDays: 0 };
    const frame = buildOsimSettingsWrite('forcedCharge', settings, a2(), 603);
    const written = frameValuesForTest(frame, 603);
    expect(written).toMatchObject({ fcSocLimit: 95, fdSocLimit: 15, fcTimeRangeLen: 1, fdTimeRangeLen: 1 });
    expect(osimSettingsReadBack('forcedCharge', written, ['forcedChargingMode'])).toEqual({
      ...settings,
      forcedChargeStartMin: 60,
      forcedChargeEndMin: 120,
      forcedDischargeStartMin: 600,
      forcedDischargeEndMin: 700,
    });
  });
});
