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
import {
  OSIM_LAYOUTS,
  OSIM_VERSIONS,
  commandsFor,
  effectiveVersion,
  pollingCommands,
  resolveCommand,
} from './registry.js';
import { parameterCatalogue } from './catalogue.js';
import { osimErrorMessage } from './errors.js';

/** A reply frame built by hand: FE 55 14 64 cmd 00 len data checksum AE. */
function reply(command: number, data: number[]): Uint8Array {
  const bytes = [0xfe, 0x55, 0x14, 0x64, command, 0x00, data.length, ...data];
  let sum = 0x0f;
  for (const b of bytes) sum ^= b;
  return Uint8Array.from([...bytes, sum, 0xae]);
}
const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const s16 = (n: number) => u16(n < 0 ? n + 0x10000 : n);
const u32 = (n: number) => [...u16(Math.floor(n / 0x10000)), ...u16(n % 0x10000)];
const ascii = (text: string, length: number) =>
  Array.from({ length }, (_, i) => (i < text.length ? text.charCodeAt(i) : 0));

function values(bytes: Uint8Array, version: number): OsimValues {
  const r = decodeMessage(bytes, version);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  if (!r.value.payload) throw new Error('no payload');
  return r.value.payload.values;
}

function command(code: string, version: number): CommandDef {
  const r = resolveCommand(code, version);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

describe('layout selection', () => {
  it.each([
    [0, '98', 0],
    [251, '98', 0],
    [252, '0A', 252],
    [258, '95', 258],
    [259, '95', 259],
    [400, '95', 259],
    [500, '6A', 500],
    [602, '6A', 500],
    [603, '6A', 603],
    [991, '6A', 500],
    [998, '6A', 500],
    [700, '6A', 603],
  ])('PCU %i uses layout of command %s from version %i', (pcu, code, layoutVersion) => {
    expect(command(code, pcu).version).toBe(layoutVersion);
  });

  it('answers unknown commands with a typed error', () => {
    expect(resolveCommand('71', 259)).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_COMMAND', command: '71', version: 259 },
    });
    expect(resolveCommand('0A', 100).ok).toBe(false);
    expect(resolveCommand('0A', -1).ok).toBe(false);
    expect(resolveCommand('0A', 1.5).ok).toBe(false);
  });

  it('maps 991 and 998 to 601 and lists the polling set', () => {
    expect(effectiveVersion(991)).toBe(601);
    expect(effectiveVersion(998)).toBe(601);
    expect(effectiveVersion(603)).toBe(603);
    expect(pollingCommands(100)).toEqual(['98']);
    expect(pollingCommands(252)).toEqual(['98', '0C', '0A', '0B', '1E', '1F', '99', '95']);
    expect(pollingCommands(603)).toContain('0D');
  });

  it('gives decoders for unknown commands a typed error, not a guess', () => {
    const r = decodeMessage(reply(0x71, [0, 0]), 259);
    expect(r).toEqual({ ok: false, error: { code: 'UNKNOWN_COMMAND', command: '71', version: 259 } });
  });
});

describe('decoding hand-built replies', () => {
  it('98: identification with version, model and serial number', () => {
    const v = values(
      reply(0x98, [...u16(603), ...u16(2), ...u16(1), ...ascii('SN10K2400101', 26), ...ascii('', 18)]),
      0,
    );
    expect(v).toEqual({ pcuVersion: 603, batteryManufacturer: 2, modelCode: 1, sn: 'SN10K2400101', productSnLn: '' });
  });

  it('0A: battery values with scale and sign', () => {
    const data = [...u16(5321), ...s16(-123), ...s16(-55), ...u16(87), ...u16(99), ...u16(0x11)];
    data.push(
      ...u16(500),
      ...u16(650),
      ...u16(5760),
      ...u16(4200),
      ...u16(12),
      ...u16(3),
      ...u16(1),
      ...u16(0),
      ...u16(0),
    );
    const v = values(reply(0x0a, data), 252);
    expect(v).toMatchObject({
      batteryVoltage: 532.1,
      batteryCurrent: -12.3,
      batteryTemperature: -5.5,
      batterySoc: 87,
      batterySoh: 99,
      chargeAndDischargeStatus: 0x11,
      batteryMaxChargingCurrent: 50,
      chargeCutOffVoltage: 576,
      batteryWarning: 1,
    });
  });

  it('0B: frequency ×0.01, power factor ×0.001 signed, negative powers', () => {
    const words = Array.from({ length: 70 }, () => 0);
    words[0] = 3805; // PV1 voltage 380.5 V
    words[2] = 2100; // PV1 power 2100 W
    words[21] = 5001; // 50.01 Hz
    words[22] = -950; // power factor -0.95
    words[23] = -1500; // grid active power -1500 W
    const v = values(reply(0x0b, words.flatMap(s16)), 603);
    expect(v).toMatchObject({
      pv1Voltage: 380.5,
      pv1Power: 2100,
      gridFrequency: 50.01,
      powerFactor: -0.95,
      gridActivePower: -1500,
    });
    // PCU 500+ adds the parallel data block (70 fields).
    expect(command('0B', 603).fields).toHaveLength(70);
  });

  it('0C: bit fields of two status words', () => {
    const word0 = (1 << 14) | (0b101 << 5) | (0b011 << 1) | 1;
    const word1 = (0b010 << 13) | 0b10;
    const v = values(reply(0x0c, [...u16(word0), ...u16(word1)]), 252);
    expect(v).toMatchObject({
      gridPowerDown: 1,
      powerDeratingFlag: 0,
      acSideRunningStatus: 0b101,
      acSideOperationMode: 0b011,
      onOff: 1,
      inverterStatusWord: word0,
      pvSideRunningStatus: 0b10,
      numberOfUnitsRunningInParallel: 2,
    });
  });

  it('1E and 1F: alarm flag words list their set bits', () => {
    const v = values(
      reply(0x1f, [...u16(0b1001), ...u16(0x8000), ...u16(0), ...u16(0), ...u16(1), ...u16(0xffff)]),
      252,
    );
    expect(v).toEqual({ sysFault1: [0, 3], sysFault2: [15], sysFault3: [], sysFault4: [], sysFault5: [0] });
    const bms = values(reply(0x1e, [...u16(0), ...u16(2), 0, 0, 0, 0, 0, 0, 0, 0, ...u16(4), ...u16(0)]), 258);
    expect(bms).toEqual({ bmsWarn1: [17], bmsWarn: [2] });
  });

  it('99: daily curves, longs and repeated values', () => {
    const data = [...u16(123), ...u32(98765), ...u16(45), ...u32(4321), ...s16(-15), ...u32(777)];
    data.push(...Array.from({ length: 48 }, (_, i) => u16(i)).flat());
    data.push(...Array.from({ length: 31 }, (_, i) => u16(i * 2)).flat());
    data.push(...Array.from({ length: 12 }, (_, i) => u32(i * 1000)).flat());
    data.push(...Array.from({ length: 5 }, (_, i) => u32(70000 + i)).flat());
    const v = values(reply(0x99, data), 252);
    expect(v.pvDailyPowerGeneration).toBe(12.3);
    expect(v.totalPhotovoltaicPowerGeneration).toBe(98765);
    expect(v.saveMoneyOnElectricityToday).toBe(-1.5);
    expect(v.totalSavingsOnElectricityBills).toBe(77.7);
    expect((v.pvPowerDay as number[])[47]).toBe(4.7);
    expect((v.pvPowerMonth as number[])[30]).toBe(60);
    expect((v.pvPowerYear as number[])[11]).toBe(11000);
    expect(v.pvPowerHistory).toEqual([70000, 70001, 70002, 70003, 70004]);
  });

  it('95 (258): tariff periods as records, switches, reserved space left out', () => {
    const data = [
      ...s16(12),
      ...s16(10),
      ...s16(8),
      ...s16(5),
      ...s16(5000),
      ...s16(0),
      ...s16(4),
      ...s16(1),
      ...s16(0),
    ];
    data.push(0xee, 0x00, ...s16(2), ...s16(20), ...s16(2));
    for (let i = 0; i < 16; i += 1) data.push(...s16(i * 60), ...s16(i * 60 + 30), ...s16((i % 4) + 1));
    data.push(
      0x00,
      0xee,
      0x12,
      0x34,
      ...s16(15),
      ...Array(40).fill(0x55),
      ...s16(3),
      ...s16(1),
      ...s16(100),
      ...s16(2),
      ...s16(4),
    );
    data.push(...Array.from({ length: 8 }, () => s16(1)).flat());
    const v = values(reply(0x95, data), 258);
    expect(v).toMatchObject({
      price1: 1.2,
      price4: 0.5,
      con: 5000,
      operatingMode: 4,
      antiBackflow: 1,
      soc: 20,
      totalPriceNum: 2,
      meterMonitor: 2,
      threePhase: 0,
      offGridSoc: 15,
      dcBatteryType: 1,
      meterProtocol: 4,
    });
    const periods = v.elecPrice as { startTime: number; endTime: number; electricityTypeValue: number }[];
    expect(periods).toHaveLength(16);
    expect(periods[1]).toEqual({ startTime: 60, endTime: 90, electricityTypeValue: 2 });
    expect(Object.keys(v)).not.toContain('reserved19');
  });

  it('A2 (500): weekday enables map 0/1/3 to off/once/weekly', () => {
    const word = 0b01 | (0b11 << 2) | (0b01 << 4) | (0b00 << 6) | (0b11 << 14);
    const data = [...u16(word), ...s16(90), ...s16(2)];
    for (let i = 0; i < 4; i += 1) data.push(...s16(i * 100), ...s16(i * 100 + 50), 0, 0);
    data.push(...u16(0b10), ...s16(20), ...s16(1));
    for (let i = 0; i < 4; i += 1) data.push(...s16(600), ...s16(660), 0, 0);
    const v = values(reply(0xa2, data), 500);
    expect(v).toMatchObject({
      fcOpen: 1,
      fcSunEnable: 2,
      fcMonEnable: 1,
      fcTusEnable: 0,
      fcSatEnable: 2,
      fcSocLimit: 90,
      fdOpen: 2,
    });
    expect((v.fcTimeGap as unknown[])[3]).toEqual({ startTime: 300, endTime: 350 });
    const decoded = decodeMessage(reply(0xa2, data), 500);
    const field = decoded.ok
      ? decoded.value.payload?.fields.find((f) => f.path === 'fcTimeGap[1].startTime')
      : undefined;
    expect(field?.display).toBe('01:40');
  });

  it('BB (603): register values as records sized by the count', () => {
    const v = values(reply(0xbb, [...s16(2), ...u16(14008), ...s16(-1), ...u16(40000), ...s16(7)]), 603);
    expect(v).toEqual({
      regCount: 2,
      regs: [
        { address: 14008, value: -1 },
        { address: 40000, value: 7 },
      ],
    });
  });

  it('gives per-field raw bytes and offsets for the debug page', () => {
    const r = decodeMessage(reply(0x0d, [...s16(1), ...s16(0), ...s16(-300)]), 258);
    const fields = r.ok ? r.value.payload?.fields : undefined;
    expect(fields?.map((f) => [f.path, f.offset, f.raw, f.display])).toEqual([
      ['bmsConnectionStatus', 0, '00 01', '1'],
      ['meterConnectionStatus', 2, '00 00', '0'],
      ['remoteLoad', 4, 'fe d4', '-300 W'],
    ]);
  });

  it('reports a field that runs past the data, and trailing bytes', () => {
    expect(decodeMessage(reply(0x0d, [0, 1, 0]), 258)).toEqual({
      ok: false,
      error: { code: 'FIELD_OVERRUN', field: 'meterConnectionStatus', needed: 2, available: 1 },
    });
    const r = decodeMessage(reply(0x0d, [0, 1, 0, 0, 0, 0, 9]), 258);
    expect(r.ok && r.value.payload?.trailingBytes).toBe(1);
  });

  // Every query command of every version: a reply of the right size with a known byte pattern decodes, and each
  // plain numeric field reads the bytes at its own offset with its scale and sign.
  const cases = OSIM_VERSIONS.flatMap((version) =>
    commandsFor(version)
      .filter((c) => c.kind === 'query' && c.version <= version)
      .map((c) => [version, c.code, c] as const),
  );
  it.each(cases)('PCU %i: query %s decodes a hand-built reply', (version, code, def) => {
    const counts = new Map<string, number>();
    let size = 0;
    let previous = 0;
    const offsets = new Map<FieldDef, number>();
    for (const f of def.fields) {
      if (f.repeatRef) counts.set(f.group ?? f.key, 1);
      const start = f.same ? previous : size;
      offsets.set(f, start);
      const times = f.repeatRef ? 1 : (f.repeat ?? 1);
      previous = start;
      size = start + f.byteLen * times;
    }
    const data = Array.from({ length: size }, (_, i) => (i * 29 + 200) & 0xff);
    // A count field (BB) must say 1 record.
    for (const f of def.fields) {
      if (!f.repeatRef) continue;
      const ref = def.fields.find((g) => g.key === f.repeatRef) as FieldDef;
      const at = offsets.get(ref) as number;
      data[at] = 0;
      data[at + 1] = 1;
    }
    const result = decodeMessage(reply(Number.parseInt(code, 16), data), version);
    expect(result.ok).toBe(true);
    if (!result.ok || !result.value.payload) return;
    const v = result.value.payload.values;
    expect(result.value.payload.trailingBytes).toBe(0);
    for (const f of def.fields) {
      if (f.repeat || f.repeatRef || f.group || f.codec || !['int', 'uInt', 'long'].includes(f.type) || f.littleEndian)
        continue;
      const at = offsets.get(f) as number;
      let raw = 0;
      for (let i = 0; i < f.byteLen; i += 1) raw = raw * 256 + (data[at + i] as number);
      if (f.type !== 'uInt' && raw >= 2 ** (f.byteLen * 8 - 1)) raw -= 2 ** (f.byteLen * 8);
      const expected = f.scale ? Number((raw * f.scale).toFixed(3)) : raw;
      expect(v[f.key], `${code}.${f.key}`).toBeCloseTo(expected, 6);
    }
  });
});

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
  it('lists every field of every command with names in four languages', () => {
    const all = parameterCatalogue();
    expect(all.length).toBe(OSIM_LAYOUTS.reduce((n, l) => n + l.commands.length, 0) + 7);
    for (const c of all) {
      for (const lang of ['zh', 'en', 'cs', 'de'] as const)
        expect(c.names[lang].length, `${c.code} ${lang}`).toBeGreaterThan(0);
      for (const f of c.fields)
        for (const lang of ['zh', 'en', 'cs', 'de'] as const) expect(f.names[lang].length).toBeGreaterThan(0);
    }
    const mode = parameterCatalogue(603)
      .find((c) => c.code === '66')
      ?.fields.find((f) => f.key === 'operatingMode');
    expect(mode?.allowed).toEqual([0, 1, 2, 3, 4, 6]);
    expect(mode?.options.map((o) => o.names.de)).toContain('AC-Kopplung');
    const freq = parameterCatalogue(252)
      .find((c) => c.code === '0B')
      ?.fields.find((f) => f.key === 'gridFrequency');
    expect(freq).toMatchObject({ scale: 0.01, unit: 'Hz', type: 'uInt' });
  });

  it('words every error in four languages', () => {
    const error = { code: 'BAD_CHECKSUM', expected: 0xde, actual: 0xdf } as const;
    expect(osimErrorMessage(error, 'en')).toBe('Bad checksum: expected de, got df');
    expect(osimErrorMessage(error, 'zh')).toContain('校验和');
    expect(osimErrorMessage(error, 'cs')).toContain('součet');
    expect(osimErrorMessage(error, 'de')).toContain('Prüfsumme');
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
