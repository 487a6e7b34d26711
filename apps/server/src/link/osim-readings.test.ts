import { alarmForDeviceCode, faultWordCodes, isUnknownAlarmCode, parseFaultCodes } from '@voltfleet/domain/alarms';
import { validateReading } from '@voltfleet/domain/telemetry';
import { OSIM_READING_FIELDS, buildCommand, decodeFrameData, decodeFrame, type OsimValues } from '@voltfleet/osim';
import { OsimDevice, createFleet, demoFleetConfig, type SimInverter } from '@voltfleet/simulator';
import { describe, expect, it } from 'vitest';
import { derivePowers, mapOsimReplies } from './osim-readings.js';

const START = Date.UTC(2026, 5, 10, 6);
const NOON = Date.UTC(2026, 5, 10, 10);
const MINUTE = 60_000;

/** A demo inverter with a battery, its background faults and scenarios switched off (faults are injected here). */
function inverter(): SimInverter {
  const demo = demoFleetConfig({ startMs: START, seed: 5 });
  const plant = demo.plants.find((p) => p.id === 'cz-praha-home')!;
  const devices = demo.devices
    .filter((d) => d.plantId === plant.id)
    .map((d) => (d.kind === 'inverter' ? { ...d, faultRatePerHour: 0 } : d));
  const fleet = createFleet({ seed: 5, startMs: START, plants: [plant], devices });
  fleet.advance(NOON - MINUTE, 60);
  return fleet.inverters[0]!;
}

/** The replies a poll decodes from the simulated inverter's frames, exactly as the gateway's poller does. */
function polledReplies(device: OsimDevice, version: number, at: number): Map<string, OsimValues> {
  const replies = new Map<string, OsimValues>();
  for (const code of ['0A', '0B', '0C', '1E', '1F', '99', '95']) {
    for (const bytes of device.replies(code, at)) {
      const frame = decodeFrame(bytes);
      if (!frame.ok) throw new Error(`${code}: ${frame.error.code}`);
      const decoded = decodeFrameData(frame.value, version);
      if (!decoded.ok) throw new Error(`${code}: ${decoded.error.code}`);
      if (decoded.value.payload) replies.set(decoded.value.payload.command.code, decoded.value.payload.values);
    }
  }
  return replies;
}

/** The device codes a reading's faultWord and extra.faultCodes state. */
function statedCodes(faultWord: number | undefined, faultCodes: string | number | undefined): number[] {
  const extra = typeof faultCodes === 'string' ? parseFaultCodes(faultCodes).codes : [];
  return [...faultWordCodes(faultWord ?? 0), ...extra].sort((a, b) => a - b);
}

describe('OSIM fault replies of the simulated inverter, as the gateway maps them', () => {
  const cases: [name: string, codes: number[]][] = [
    ['no fault', []],
    ['grid loss (1001 has no OSIM bit)', [8, 1001]],
    ['insulation on a wet morning', [63]],
    ['meter and switchover transients (words 2 and 4)', [47, 75]],
    ['battery overcurrent and a BMS warning (0x1E)', [37, 756]],
    ['several at once across all five words', [1, 5, 20, 27, 29, 49, 67]],
    ['BMS communication lost (no OSIM bit)', [1002]],
  ];
  const sim = inverter();

  const runs = cases.flatMap(([name, codes], i) =>
    [258, 500, 603].map((version, j) => [name, version, codes, NOON + (3 * i + j) * 5 * MINUTE] as const),
  );

  it.each(runs)('%s, PCU %i', (_name, version, codes, at) => {
    for (const code of codes) sim.injectFault(code, at - MINUTE, at + MINUTE);
    const reading = sim.reading(at);
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter: sim, pcuVersion: version });
    const mapped = mapOsimReplies(polledReplies(device, version, at));

    // The MQTT reading states every code; OSIM carries all of them but Voltfleet's own (1001, 1002).
    expect(statedCodes(reading.values.faultWord, reading.extra?.faultCodes)).toEqual(codes);
    const osimCodes = codes.filter((c) => c < 1001);
    expect(statedCodes(mapped.values.faultWord, mapped.extra?.faultCodes)).toEqual(osimCodes);
    expect(mapped.values.faultWord).toBe(reading.values.faultWord);
    for (const code of osimCodes) expect(isUnknownAlarmCode(alarmForDeviceCode(code).code), String(code)).toBe(false);
    if (osimCodes.every((c) => c <= 32)) expect(mapped.extra).toBeUndefined();
    const payload = { sn: sim.sn, ts: at, values: mapped.values, ...(mapped.extra ? { extra: mapped.extra } : {}) };
    expect(validateReading(payload, at).ok).toBe(true);
  });
});

describe('OSIM readings of the simulated inverter, as the gateway maps them', () => {
  const sim = inverter();

  it.each([258, 500, 603])('carries every reading field of the table into a valid reading at PCU %i', (version) => {
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter: sim, pcuVersion: version });
    const replies = polledReplies(device, version, NOON);
    const mapped = mapOsimReplies(replies);
    const reading = sim.reading(NOON).values;
    expect(mapped.skipped).toEqual([]);
    // Each value as the wire carries it: to its field's step, the lifetime totals rounded up to a whole kWh.
    for (const row of OSIM_READING_FIELDS) {
      const { key } = row;
      if (reading[key] === undefined) continue;
      expect(Math.abs(mapped.values[key]! - reading[key]), key).toBeLessThan('lifetime' in row ? 1 : 0.51);
    }
    // 9B repeats 99's load energy; the reading holds it once, read from 99.
    expect(replies.get('9B')?.loadTodaySPowerConsumption).toBe(replies.get('99')?.loadDailyPowerConsumption);
    expect(mapped.values.loadEnergyTodayKwh).toBe(replies.get('99')?.loadDailyPowerConsumption);
    expect(validateReading({ sn: sim.sn, ts: NOON, values: mapped.values }, NOON).ok).toBe(true);
    // The powers OSIM states only through their parts read as the inverter's own (within the wire's rounding:
    // 0.1 V × 0.1 A for the battery, whole watts for the load's two parts).
    for (const key of ['pvPowerW', 'batPowerW', 'loadPowerW'] as const) {
      expect(reading[key], key).toBeDefined();
      expect(Math.abs(mapped.values[key]! - reading[key]!), key).toBeLessThanOrEqual(key === 'batPowerW' ? 60 : 2);
    }
  });

  it.each([
    ['nothing to derive from', {}, {}],
    ['both strings', { pv1PowerW: 1200, pv2PowerW: 800 }, { pvPowerW: 2000 }],
    ['a discharging battery', { batVoltageV: 51.2, batCurrentA: 20 }, { batPowerW: 1024 }],
    ['a charging battery', { batVoltageV: 400, batCurrentA: -12.5 }, { batPowerW: -5000 }],
    ['the load: power stage output plus grid import', { pcsPowerW: 3000, gridPowerW: 1500 }, { loadPowerW: 4500 }],
    ['the load while exporting', { pcsPowerW: 6000, gridPowerW: -4200 }, { loadPowerW: 1800 }],
    ['a stated load is kept', { pcsPowerW: 6000, gridPowerW: 0, loadPowerW: 900 }, { loadPowerW: 900 }],
    ['out of its field’s range: left out', { batVoltageV: 1000, batCurrentA: 900 }, {}],
  ])('derives powers: %s', (_name, given: Record<string, number>, expected) => {
    const values = { ...given };
    derivePowers(values);
    expect(values).toEqual({ ...given, ...expected });
  });
});

describe('mapOsimReplies faults', () => {
  const oneF = (words: number[][]): OsimValues => ({
    sysFault1: words[0] ?? [],
    sysFault2: words[1] ?? [],
    sysFault3: words[2] ?? [],
    sysFault4: words[3] ?? [],
    sysFault5: words[4] ?? [],
  });

  it.each([
    ['words 0 and 1 in faultWord', [[0, 3], [15]], [], { faultWord: 2 ** 0 + 2 ** 3 + 2 ** 31 }, undefined],
    ['words 2–4 in extra.faultCodes', [[], [], [0], [14], [15]], [], { faultWord: 0 }, '33,63,80'],
    ['BMS bits of the generic block', [[7]], [3, 0], { faultWord: 2 ** 7 }, '753,756'],
    ['nothing set: faultWord 0, no extra', [], [], { faultWord: 0 }, undefined],
  ])('%s', (_name, words, bms, values, faultCodes) => {
    const mapped = mapOsimReplies(
      new Map<string, OsimValues>([
        ['1F', oneF(words)],
        ['1E', { bmsWarn1: bms, bmsWarn: [] }],
      ]),
    );
    expect(mapped.values).toEqual(values);
    expect(mapped.extra?.faultCodes).toBe(faultCodes);
  });

  it('reads the BMS block of the maker it is given', () => {
    const replies = new Map<string, OsimValues>([
      ['1F', oneF([])],
      ['1E', { bmsWarn1: [0] }],
    ]);
    expect(mapOsimReplies(replies, 'pylonHv').extra?.faultCodes).toBe('81');
  });

  it('without a 1F reply states no fault set at all', () => {
    const mapped = mapOsimReplies(new Map([['1E', { bmsWarn1: [3] }]]));
    expect(mapped.values.faultWord).toBeUndefined();
    expect(mapped.extra).toBeUndefined();
  });

  it('decodes a hand-built 1F frame with all five words', () => {
    const frame = buildCommand(
      '1F',
      { sysFault1: [6], sysFault2: [], sysFault3: [14], sysFault4: [14], sysFault5: [10] },
      603,
      'reply',
    );
    if (!frame.ok) throw new Error(frame.error.code);
    const decoded = decodeFrame(frame.value);
    if (!decoded.ok) throw new Error(decoded.error.code);
    const data = decodeFrameData(decoded.value, 603);
    if (!data.ok || !data.value.payload) throw new Error('1F not decoded');
    const mapped = mapOsimReplies(new Map([['1F', data.value.payload.values]]));
    expect(mapped.values.faultWord).toBe(2 ** 6);
    expect(mapped.extra?.faultCodes).toBe('47,63,75');
  });
});
