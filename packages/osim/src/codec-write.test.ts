import { describe, expect, it } from 'vitest';
import { decodePayload, encodePayload, type OsimInput, type OsimValues } from './codec.js';
import { encodeFrame, fromHex, toHex } from './frame.js';
import type { CommandDef, FieldDef } from './layout.js';
import {
  buildBatteryParameters,
  buildClock,
  buildCommand,
  buildForcedChargeDischarge,
  buildOnOff,
  buildOperatingModeBlock,
  buildPowerFactor,
  buildQuery,
  buildRegisterQuery,
  buildRegisterWrite,
  buildReset,
  decodeMessage,
} from './messages.js';
import { OSIM_LAYOUTS } from './registry.js';
import { parameterCatalogue } from './catalogue.js';
import { osimErrorText } from './errors.js';
import { commandForTest as command, valuesForTest as values } from './test-support.js';

/** A valid logical value for every field of a write command (from its range), for the round trips. */
function sampleValue(f: FieldDef, index: number): number | string {
  if (f.allowed) return f.allowed[index % f.allowed.length] as number;
  if (f.type === 'string') return f.format === 'ip' ? '192.168.1.20' : 'Voltfleet1'.slice(0, f.byteLen || 12);
  if (f.type === 'hex' || f.type === 'bytes') return 'ab'.repeat(f.byteLen || 3);
  if (f.codec === 'time') return (index * 97) % 1441;
  if (f.type === 'bit') return index % 2;
  if (f.type === 'bitRange') return index % 2 ** ((f.endBit ?? 1) - (f.fromBit ?? 0));
  const lo = f.min ?? -100;
  const hi = f.max ?? 100;
  const raw = lo + ((index * 13) % (hi - lo + 1));
  const scale = f.scale ?? 1;
  return f.type === 'uInt' ? Math.abs(Math.round(raw)) * scale : Math.round(raw) * scale;
}

function sampleInput(def: CommandDef): OsimInput {
  const input: Record<string, OsimInput[string]> = {};
  const groups = new Map<string, FieldDef[]>();
  def.fields.forEach((f, i) => {
    if (f.type === 'preserve' || f.codec === 'const') return;
    if (f.group) {
      groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
      return;
    }
    if (def.fields.some((g) => g.repeatRef === f.key)) return;
    input[f.key] = f.repeat
      ? (Array.from({ length: f.repeat }, (_, r) => sampleValue(f, i + r)) as number[])
      : sampleValue(f, i);
  });
  for (const [name, fields] of groups) {
    const count = fields[0]?.repeatRef ? 3 : (fields[0]?.repeat ?? 0);
    input[name] = Array.from({ length: count }, (_, r) =>
      Object.fromEntries(
        fields.filter((f) => f.type !== 'preserve').map((f, i) => [f.tag ?? f.key, sampleValue(f, r * 3 + i)]),
      ),
    );
  }
  return input;
}

describe('write commands', () => {
  const writes = OSIM_LAYOUTS.flatMap((layout) =>
    layout.commands.filter((c) => c.kind !== 'query').map((c) => [layout.version, c.code, c] as const),
  );
  it.each(writes)('PCU %i: %s round-trips through build and decode', (version, code, def) => {
    const input = sampleInput(def);
    const built = buildCommand(code, input, version);
    expect(built.ok ? 'ok' : built.error).toBe('ok');
    if (!built.ok) return;
    const decoded = decodeMessage(built.value, version);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok || !decoded.value.payload) return;
    expect(decoded.value.direction).toBe('request');
    for (const [key, value] of Object.entries(input)) {
      if (typeof value === 'number') expect(decoded.value.payload.values[key], key).toBeCloseTo(value, 6);
      else expect(decoded.value.payload.values[key], key).toEqual(value);
    }
  });

  it('64: on is 55, off is AA', () => {
    const on = buildOnOff(true, 252);
    const off = buildOnOff(false, 603);
    expect(on.ok && toHex(on.value)).toBe('fe 55 64 14 64 00 01 55 e4 ae');
    expect(off.ok && toHex(off.value.subarray(7, 8))).toBe('aa');
  });

  it('70: reset carries the fixed 00 FF', () => {
    const r = buildReset(252);
    expect(r.ok && toHex(r.value)).toBe(
      `fe 55 64 14 70 00 02 00 ff ${toHex(Uint8Array.of(0x0f ^ 0xfe ^ 0x55 ^ 0x64 ^ 0x14 ^ 0x70 ^ 0x02 ^ 0xff))} ae`,
    );
  });

  it('68: clock, with impossible dates refused', () => {
    const r = buildClock({ year: 2026, month: 2, day: 28, hour: 23, minute: 59, second: 30 }, 252);
    expect(r.ok && toHex(r.value.subarray(7, 14))).toBe('07 ea 02 1c 17 3b 1e');
    const bad = buildClock({ year: 2026, month: 2, day: 30, hour: 0, minute: 0, second: 0 }, 252);
    expect(bad).toEqual({ ok: false, error: { code: 'OUT_OF_RANGE', field: 'day', value: '30', range: '1–28' } });
    expect(buildClock({ year: 2026, month: 1, day: 1, hour: 24, minute: 0, second: 0 }, 252).ok).toBe(false);
  });

  it('67: power factor ×0.001 only from PCU 500', () => {
    const r = buildPowerFactor(-0.95, 500);
    expect(r.ok && toHex(r.value.subarray(7, 9))).toBe('fc 4a');
    expect(r.ok && r.value[6]).toBe(16);
    expect(buildPowerFactor(0.9, 259)).toEqual({
      ok: false,
      error: { code: 'NOT_SUPPORTED', command: '67', version: 259 },
    });
    expect(buildPowerFactor(1.5, 500).ok).toBe(false);
    expect(buildPowerFactor(0.9555, 500)).toEqual({
      ok: false,
      error: { code: 'INVALID_VALUE', field: 'powerFactor', value: '0.9555' },
    });
  });

  const block95: OsimValues = {
    price1: 1.2,
    price2: 1,
    price3: 0.8,
    price4: 0.5,
    con: 5000,
    chargePower: 0,
    operatingMode: 1,
    gridSwitch: 0,
    adjustMethod: 0,
    antiBackflow: 2,
    batteryCharge: 0,
    soc: 20,
    totalPriceNum: 2,
    meterMonitor: 1,
    threePhase: 0,
    offGridSoc: 15,
    elecCode: 3,
    elecPrice: Array.from({ length: 16 }, (_, i) => ({
      startTime: i * 60,
      endTime: i * 60 + 60,
      electricityTypeValue: 3,
    })),
  };

  it('66: writes the 95 block back whole with one field changed', () => {
    const r = buildOperatingModeBlock(block95, { operatingMode: 6 }, 603);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = values(r.value, 603);
    expect(v).toMatchObject({ operatingMode: 6, price1: 1.2, con: 5000, antiBackflow: 2, soc: 20, totalPriceNum: 2 });
    expect(v.elecPrice).toEqual([
      { startTime: 0, endTime: 60, electricityTypeValue: 3 },
      { startTime: 60, endTime: 120, electricityTypeValue: 3 },
    ]);
    expect(r.value[6]).toBe(13 * 2 + 2 * 6);
  });

  it.each([
    [{ operatingMode: 5 }, { code: 'OUT_OF_RANGE', field: 'operatingMode', value: '5', range: '{0, 1, 2, 3, 4, 6}' }],
    [{ soc: 9 }, { code: 'OUT_OF_RANGE', field: 'soc', value: '9', range: '10–100' }],
    [{ soc: 101 }, { code: 'OUT_OF_RANGE', field: 'soc', value: '101', range: '10–100' }],
    [{ antiBackflow: 3 }, { code: 'OUT_OF_RANGE', field: 'antiBackflow', value: '3', range: '{0, 1, 2}' }],
    [{ price1: 1.25 }, { code: 'INVALID_VALUE', field: 'price1', value: '1.25' }],
    [{ con: 40000 }, { code: 'OUT_OF_RANGE', field: 'con', value: '40000', range: '-32768–32767' }],
    [
      { elecPrice: [{ startTime: '25:00', endTime: 60, electricityTypeValue: 1 }] },
      { code: 'OUT_OF_RANGE', field: 'elecPrice[0].startTime', value: '25:00', range: '00:00–24:00' },
    ],
    [{ nonsense: 1 }, { code: 'NOT_SUPPORTED', command: '66', version: 258 }],
  ])('66: refuses %j', (changes, error) => {
    expect(buildOperatingModeBlock(block95, changes as OsimInput, 603)).toEqual({ ok: false, error });
  });

  it('66: a missing field of the read-back block is an error, not a zero', () => {
    const { soc: _soc, ...partial } = block95;
    expect(buildOperatingModeBlock(partial, {}, 603)).toEqual({
      ok: false,
      error: { code: 'MISSING_FIELD', field: 'soc' },
    });
  });

  it('6A: battery parameters from the 9D block (603) and from 95 (258)', () => {
    const block9D: OsimValues = {
      meterMonitor: 1,
      threePhase: 2,
      offGridSoc: 20,
      socDiff: 5,
      pvSourceChoice: 0,
      backUpOrder: 0,
      oilerRatedPower: 5.5,
      backUpOutEnable: 1,
      cPowerLimit: 5000,
      dPowerLimit: 5000,
      batVolSettable: 2,
      batVolUpLimit: 580,
      batVolDownLimit: 420,
      shadowScan: 0,
      batActive: 0,
      acidBatEqVol: 56.4,
      acidBatFloatVol: 54,
      acidBatEOD: 42,
      eSCCurUpLimit: 50,
      parallelType: 0,
      parallelFlag: 0,
      parallelAddr: 1,
      batPowerAdjustable: 0,
    };
    const r = buildBatteryParameters(block9D, { pvSourceChoice: 3, offGridSoc: 30 }, 603);
    expect(r.ok).toBe(true);
    if (r.ok) expect(values(r.value, 603)).toEqual({ ...block9D, pvSourceChoice: 3, offGridSoc: 30 });
    expect(buildBatteryParameters(block9D, { offGridSoc: 5 }, 603).ok).toBe(false);
    expect(buildBatteryParameters(block9D, { backUpOrder: 2 }, 603).ok).toBe(false);
    const old = buildBatteryParameters(block95, { threePhase: 1 }, 258);
    expect(old.ok && values(old.value, 258)).toEqual({ meterMonitor: 1, threePhase: 1, offGridSoc: 15 });
  });

  it('71: forced charge and discharge per weekday', () => {
    const input: OsimInput = {
      fcOpen: 2,
      fcSunEnable: 2,
      fcMonEnable: 1,
      fcTusEnable: 0,
      fcWenEnable: 0,
      fcThuEnable: 0,
      fcFriEnable: 0,
      fcSatEnable: 2,
      fcSocLimit: 95,
      fcTimeRangeLen: 1,
      fcTimeGap: [{ startTime: '01:30', endTime: '05:00' }],
      fdOpen: 0,
      fdSunEnable: 0,
      fdMonEnable: 0,
      fdTusEnable: 0,
      fdWenEnable: 0,
      fdThuEnable: 0,
      fdFriEnable: 0,
      fdSatEnable: 0,
      fdSocLimit: 20,
      fdTimeRangeLen: 0,
      fdTimeGap: [],
    };
    const r = buildForcedChargeDischarge(input, 500);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(toHex(r.value.subarray(7, 9))).toBe(toHex(Uint8Array.of(0b11 << 6, (0b11 << 2) | (0b01 << 4) | 0b10)));
    const v = values(r.value, 500);
    expect(v).toMatchObject({ fcOpen: 2, fcSunEnable: 2, fcMonEnable: 1, fcSatEnable: 2, fcSocLimit: 95 });
    expect(v.fcTimeGap).toEqual([
      { startTime: 90, endTime: 300 },
      { startTime: 0, endTime: 0 },
      { startTime: 0, endTime: 0 },
      { startTime: 0, endTime: 0 },
    ]);
    expect(buildForcedChargeDischarge({ ...input, fcMonEnable: 3 }, 500).ok).toBe(false);
    expect(buildForcedChargeDischarge(input, 259)).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_COMMAND', command: '71', version: 259 },
    });
    const { fdSocLimit: _x, ...missing } = input;
    expect(buildForcedChargeDischarge(missing, 500)).toEqual({
      ok: false,
      error: { code: 'MISSING_FIELD', field: 'fdSocLimit' },
    });
  });

  it('BA/BB: raw registers as whole frames, at most 10', () => {
    const w = buildRegisterWrite([{ address: 14008, value: -2 }], 603);
    expect(w.ok && toHex(w.value)).toBe(
      toHex(
        encodeFrame({
          source: 0x64,
          destination: 0x14,
          command: 0xba00,
          data: Uint8Array.of(0, 1, 0x36, 0xb8, 0xff, 0xfe),
        }).ok
          ? (
              encodeFrame({
                source: 0x64,
                destination: 0x14,
                command: 0xba00,
                data: Uint8Array.of(0, 1, 0x36, 0xb8, 0xff, 0xfe),
              }) as { value: Uint8Array }
            ).value
          : new Uint8Array(),
      ),
    );
    // The word 0xFFFE written as an unsigned register value is the same frame as -2.
    const unsigned = buildRegisterWrite([{ address: 14008, value: 0xfffe }], 603);
    expect(unsigned.ok && w.ok && toHex(unsigned.value)).toBe(w.ok && toHex(w.value));
    expect(buildRegisterWrite([{ address: 14008, value: 0x10000 }], 603).ok).toBe(false);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ address: i, value: 0 }));
    expect(buildRegisterWrite(eleven, 603).ok).toBe(false);
    expect(buildRegisterWrite([], 603).ok).toBe(false);
    expect(buildRegisterWrite([{ address: 1, value: 1 }], 500).ok).toBe(false);
    const q = buildRegisterQuery([14008, 14009], 603);
    expect(q.ok && toHex(q.value.subarray(6, 13))).toBe('06 00 02 36 b8 36 b9');
    const back = q.ok ? decodeMessage(q.value, 603) : undefined;
    expect(back?.ok && back.value.payload?.values).toEqual({
      regCount: 2,
      regs: [{ address: 14008 }, { address: 14009 }],
    });
  });

  it('queries have no data, and writes cannot be sent as queries', () => {
    const r = buildQuery('95', 603);
    expect(r.ok && toHex(r.value.subarray(4, 7))).toBe('95 00 00');
    expect(buildQuery('66', 603).ok).toBe(false);
    const decoded = r.ok ? decodeMessage(r.value, 603) : undefined;
    expect(decoded?.ok && decoded.value.payload).toBeUndefined();
  });

  it('encodes and decodes the simulator side (a 98 reply) without validation', () => {
    const data = encodePayload(command('98', 0), {
      pcuVersion: 603,
      batteryManufacturer: 1,
      modelCode: 2,
      sn: 'VF5K',
      productSnLn: '',
    });
    expect(data.ok && data.value.length).toBe(50);
    if (data.ok) expect(decodePayload(command('98', 0), data.value).ok).toBe(true);
    expect(
      encodePayload(command('98', 0), {
        pcuVersion: 603,
        batteryManufacturer: 1,
        modelCode: 2,
        sn: 'x'.repeat(27),
        productSnLn: '',
      }).ok,
    ).toBe(false);
  });
});

describe('catalogue and messages', () => {
  it('lists every field of every command, each named by a catalogue key (names.test.ts reads their texts)', () => {
    const all = parameterCatalogue();
    expect(all.length).toBe(OSIM_LAYOUTS.reduce((n, l) => n + l.commands.length, 0) + 7);
    for (const c of all) {
      expect(c.name, c.code).toMatch(/^osim\.command\.[a-z][A-Za-z0-9]+$/);
      for (const f of c.fields) expect(f.name, `${c.code} ${f.key}`).toMatch(/^osim\.field\.[a-z][A-Za-z0-9]+$/);
    }
    const mode = parameterCatalogue(603)
      .find((c) => c.code === '66')
      ?.fields.find((f) => f.key === 'operatingMode');
    expect(mode?.allowed).toEqual([0, 1, 2, 3, 4, 6]);
    expect(mode?.options.map((o) => o.name)).toContain('option.workModes.6');
    const freq = parameterCatalogue(252)
      .find((c) => c.code === '0B')
      ?.fields.find((f) => f.key === 'gridFrequency');
    expect(freq).toMatchObject({ scale: 0.01, unit: 'Hz', type: 'uInt' });
  });

  it('names an error by its catalogue key, bytes as two hex digits', () => {
    const error = { code: 'BAD_CHECKSUM', expected: 0xde, actual: 0x0f } as const;
    expect(osimErrorText(error)).toEqual({
      key: 'osim.error.BAD_CHECKSUM',
      params: { expected: 'de', actual: '0f' },
    });
  });

  it('decodes a pasted hex frame (result analysis)', () => {
    const bytes = fromHex(
      'FE 55 14 64 0D 00 06 00 01 00 00 FE D4 ' +
        toHex(Uint8Array.of(0x0f ^ 0xfe ^ 0x55 ^ 0x14 ^ 0x64 ^ 0x0d ^ 0x06 ^ 0x01 ^ 0xfe ^ 0xd4)) +
        ' AE',
    );
    expect(bytes.ok).toBe(true);
    if (bytes.ok)
      expect(values(bytes.value, 603)).toEqual({ bmsConnectionStatus: 1, meterConnectionStatus: 0, remoteLoad: -300 });
  });
});
