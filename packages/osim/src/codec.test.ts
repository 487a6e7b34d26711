import { describe, expect, it } from 'vitest';
import type { FieldDef } from './layout.js';
import { decodeMessage } from './messages.js';
import { OSIM_VERSIONS, commandsFor, effectiveVersion, pollingCommands, resolveCommand } from './registry.js';
import { commandForTest as command, valuesForTest as values } from './test-support.js';

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
