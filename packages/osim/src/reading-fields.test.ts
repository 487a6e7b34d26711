import { describe, expect, it } from 'vitest';
import type { OsimValues } from './codec.js';
import { buildCommand } from './messages.js';
import {
  OSIM_READING_FIELDS,
  OSIM_READING_SOURCES,
  osimReadingReplyValues,
  osimReadingValues,
  osimWireValue,
  type OsimReadingKey,
} from './reading-fields.js';
import { OSIM_VERSIONS, pollingCommands, resolveCommand } from './registry.js';
import { blockForTest, commandForTest, valuesForTest } from './test-support.js';

/** The layouts the table is written for (from PCU 252 on). */
const VERSIONS = OSIM_VERSIONS.filter((v) => v >= 252);

/** A reading with a distinct value for every key OSIM carries (the on/off switch on), all within every field's range. */
function sampleReading(): Record<OsimReadingKey, number> {
  const reading = {} as Record<OsimReadingKey, number>;
  OSIM_READING_SOURCES.forEach((row, i) => (reading[row.key] = row.key === 'pcsOnOff' ? 1 : 1 + (i % 20) * 1.37));
  return reading;
}

/** Every reply frame a poll brings at `version`, built from `reading` with the table, decoded as the gateway does. */
function polledReplies(reading: Record<OsimReadingKey, number>, version: number): Map<string, OsimValues> {
  const replies = new Map<string, OsimValues>();
  for (const query of pollingCommands(version)) {
    const request = resolveCommand(query, version);
    if (!request.ok) throw new Error(`${query}: ${request.error.code}`);
    for (const code of request.value.replies ?? [query]) {
      // 99 is answered by 99, 9A, 9B and 9C, but PCU 252 has no 9C.
      if (!resolveCommand(code, version).ok) continue;
      const command = commandForTest(code, version);
      const values = { ...blockForTest(code, version), ...osimReadingReplyValues(command, reading) };
      // 0C's status word shares its bytes with the bit fields before it (bit 0 = on/off): a device keeps it
      // consistent, as the simulated inverter does.
      if (code === '0C') values.inverterStatusWord = reading.pcsOnOff;
      const frame = buildCommand(code, values, version, 'reply');
      if (!frame.ok) throw new Error(`${code} at PCU ${version}: ${JSON.stringify(frame.error)}`);
      replies.set(code, valuesForTest(frame.value, version));
    }
  }
  return replies;
}

describe('OSIM reading fields', () => {
  it('reads each key from one row: its first, so 9B repeats 99 without a second value', () => {
    const keys = OSIM_READING_SOURCES.map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(OSIM_READING_FIELDS.map((row) => row.key))).toEqual(new Set(keys));
    const copies = OSIM_READING_FIELDS.filter((row) => !OSIM_READING_SOURCES.includes(row));
    expect(copies.map((row) => `${row.command} ${row.key}`)).toEqual([
      '9B loadEnergyTodayKwh',
      '9B loadEnergyTotalKwh',
    ]);
    for (const copy of copies) expect(OSIM_READING_SOURCES.find((row) => row.key === copy.key)?.command).toBe('99');
  });

  it.each(VERSIONS)('names fields of the reply layouts at PCU %i', (version) => {
    for (const row of OSIM_READING_FIELDS) {
      const command = resolveCommand(row.command, version);
      // 9C (grid import, battery energy) comes with PCU 258.
      if (!command.ok && row.command === '9C' && version < 258) continue;
      if (!command.ok) throw new Error(`${row.command} at PCU ${version}: ${command.error.code}`);
      expect(
        command.value.fields.map((f) => f.key),
        `${row.command} ${row.field}`,
      ).toContain(row.field);
    }
  });

  it.each(VERSIONS)("a whole-kWh total never reads below the 0.1 kWh day's counter at PCU %i", (version) => {
    // A device's first day: its lifetime energy is today's, 12.4 kWh, and the total carries whole kWh only.
    const reading = { ...sampleReading(), pvEnergyTodayKwh: 12.4, pvEnergyTotalKwh: 12.4 };
    const decoded = Object.fromEntries(
      osimReadingValues(polledReplies(reading, version)).map(({ row, value }) => [row.key, value]),
    );
    expect(decoded.pvEnergyTodayKwh).toBeCloseTo(12.4, 9);
    expect(decoded.pvEnergyTotalKwh).toBe(13);
  });

  it.each(VERSIONS)('round-trips a reading through the reply frames at PCU %i', (version) => {
    const reading = sampleReading();
    const replies = polledReplies(reading, version);
    const expected: Record<string, number> = {};
    for (const row of OSIM_READING_SOURCES) {
      const command = resolveCommand(row.command, version);
      if (!command.ok) continue;
      const field = command.value.fields.find((f) => f.key === row.field)!;
      expected[row.key] = osimWireValue(field, reading[row.key], 'lifetime' in row);
    }
    const decoded = Object.fromEntries(osimReadingValues(replies).map(({ row, value }) => [row.key, value]));
    expect(Object.keys(decoded).sort()).toEqual(Object.keys(expected).sort());
    for (const [key, value] of Object.entries(expected)) expect(decoded[key], key).toBeCloseTo(value, 9);
    // The copies carry the same value as their source row.
    expect(replies.get('9B')?.loadTodaySPowerConsumption).toBeCloseTo(expected.loadEnergyTodayKwh!, 9);
    expect(replies.get('9B')?.totalLoadPowerConsumption).toBeCloseTo(expected.loadEnergyTotalKwh!, 9);
  });

  it('leaves out keys the reading lacks and values that are not finite numbers', () => {
    const command = commandForTest('0A', 603);
    expect(osimReadingReplyValues(command, { batSocPct: 55.4, batVoltageV: 51.23 })).toEqual({
      batterySoc: 55,
      batteryVoltage: 51.2,
    });
    const replies = new Map<string, OsimValues>([['0A', { batterySoc: 55, batteryVoltage: Number.NaN }]]);
    expect(osimReadingValues(replies).map(({ row, value }) => [row.key, value])).toEqual([['batSocPct', 55]]);
  });
});
