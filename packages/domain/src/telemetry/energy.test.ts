import { describe, expect, test } from 'vitest';
import {
  ENERGY_COUNTERS,
  ENERGY_QUANTITIES,
  counterDelta,
  energyDeltas,
  type CounterSample,
  type EnergyDelta,
  type EnergyDeltaOptions,
} from './energy.js';
import { fieldByKey } from './fields.js';

const TZ = 'Europe/Prague';
const OPTIONS: EnergyDeltaOptions = { timeZone: TZ, ratedPowerW: 5000 };

/** A PV sample at a UTC instant with the daily (D) and total (T) counters; undefined leaves a counter out. */
function pv(iso: string, today: number | undefined, total: number | undefined): CounterSample {
  const values: CounterSample['values'] = {};
  if (today !== undefined) values.pvEnergyTodayKwh = today;
  if (total !== undefined) values.pvEnergyTotalKwh = total;
  return { ts: Date.parse(iso), values };
}

// Prague is UTC+2 in June: local midnight of 2024-06-02 is 2024-06-01T22:00Z.
type Row = [
  label: string,
  prev: CounterSample,
  next: CounterSample,
  expected: EnergyDelta,
  options?: EnergyDeltaOptions,
];
const rows: Row[] = [
  [
    'same day: daily delta',
    pv('2024-06-01T08:00:00Z', 1.0, 100.0),
    pv('2024-06-01T08:05:00Z', 1.3, 100.3),
    { kwh: 0.3, nextDayKwh: 0.3, source: 'today' },
  ],
  [
    'same day: daily delta preferred over the coarser total',
    pv('2024-06-01T08:00:00Z', 1.04, 100.0),
    pv('2024-06-01T08:05:00Z', 1.37, 100.0),
    { kwh: 0.33, nextDayKwh: 0.33, source: 'today' },
  ],
  [
    'duplicate timestamp',
    pv('2024-06-01T08:00:00Z', 1.0, 100.0),
    pv('2024-06-01T08:00:00Z', 1.3, 100.3),
    { kwh: 0, nextDayKwh: 0, source: 'none', note: 'notAfter' },
  ],
  [
    'out of order',
    pv('2024-06-01T08:05:00Z', 1.3, 100.3),
    pv('2024-06-01T08:00:00Z', 1.0, 100.0),
    { kwh: 0, nextDayKwh: 0, source: 'none', note: 'notAfter' },
  ],
  [
    'same day: daily missing, total used',
    pv('2024-06-01T08:00:00Z', undefined, 100.0),
    pv('2024-06-01T08:05:00Z', undefined, 100.3),
    { kwh: 0.3, nextDayKwh: 0.3, source: 'total' },
  ],
  [
    'same day: daily reset by a reboot, total used',
    pv('2024-06-01T08:00:00Z', 5.0, 100.0),
    pv('2024-06-01T08:05:00Z', 0.1, 100.3),
    { kwh: 0.3, nextDayKwh: 0.3, source: 'total' },
  ],
  [
    'same day: absurd daily jump, total used',
    pv('2024-06-01T08:00:00Z', 1.0, 100.0),
    pv('2024-06-01T08:05:00Z', 90.0, 100.3),
    { kwh: 0.3, nextDayKwh: 0.3, source: 'total' },
  ],
  [
    'same day: both jump → nothing',
    pv('2024-06-01T08:00:00Z', 1.0, 100.0),
    pv('2024-06-01T08:05:00Z', 90.0, 190.0),
    { kwh: 0, nextDayKwh: 0, source: 'none', note: 'jump' },
  ],
  [
    'same day: daily negative and no total → nothing',
    pv('2024-06-01T08:00:00Z', 5.0, undefined),
    pv('2024-06-01T08:05:00Z', 4.0, undefined),
    { kwh: 0, nextDayKwh: 0, source: 'none', note: 'negative' },
  ],
  [
    'no counters at all',
    pv('2024-06-01T08:00:00Z', undefined, undefined),
    pv('2024-06-01T08:05:00Z', undefined, undefined),
    { kwh: 0, nextDayKwh: 0, source: 'none', note: 'missing' },
  ],
  [
    'same day: firmware change reset the total, daily still counts',
    pv('2024-06-01T08:00:00Z', 1.0, 12345.6),
    pv('2024-06-01T08:05:00Z', 1.3, 0.0),
    { kwh: 0.3, nextDayKwh: 0.3, source: 'today' },
  ],
  [
    'total reset and daily missing → nothing',
    pv('2024-06-01T08:00:00Z', undefined, 12345.6),
    pv('2024-06-01T08:05:00Z', undefined, 0.1),
    { kwh: 0, nextDayKwh: 0, source: 'none', note: 'negative' },
  ],
  [
    'midnight: total delta, next daily tells the part after midnight',
    pv('2024-06-01T21:55:00Z', 20.0, 500.0),
    pv('2024-06-01T22:05:00Z', 0.2, 500.6),
    { kwh: 0.6, nextDayKwh: 0.2, source: 'total' },
  ],
  [
    'midnight: reading exactly at midnight shows the reset counter',
    pv('2024-06-01T21:55:00Z', 20.0, 500.0),
    pv('2024-06-01T22:00:00Z', 0.0, 500.2),
    { kwh: 0.2, nextDayKwh: 0, source: 'total' },
  ],
  [
    'midnight, readings 20 s apart: the part before midnight is capped by what 10 s can deliver',
    pv('2024-06-01T21:59:50Z', 20.0, 500.0),
    pv('2024-06-01T22:00:10Z', 0.01, 500.1),
    { kwh: 0.030833, nextDayKwh: 0.01, source: 'total' },
  ],
  [
    'midnight: total reset too → daily since midnight only',
    pv('2024-06-01T21:55:00Z', 20.0, 500.0),
    pv('2024-06-01T22:05:00Z', 0.2, 0.2),
    { kwh: 0.2, nextDayKwh: 0.2, source: 'todaySinceMidnight', note: 'beforeMidnightUnknown' },
  ],
  [
    'midnight: no total → daily since midnight only',
    pv('2024-06-01T21:55:00Z', 20.0, undefined),
    pv('2024-06-01T22:05:00Z', 0.2, undefined),
    { kwh: 0.2, nextDayKwh: 0.2, source: 'todaySinceMidnight', note: 'beforeMidnightUnknown' },
  ],
  [
    'midnight: device has not reset its daily counter yet and no total → nothing',
    pv('2024-06-01T21:55:00Z', 20.0, undefined),
    pv('2024-06-01T22:05:00Z', 20.1, undefined),
    { kwh: 0, nextDayKwh: 0, source: 'none', note: 'missing' },
  ],
  [
    'gap over midnight: total across the gap, night after midnight',
    pv('2024-06-01T20:00:00Z', 25.0, 500.0),
    pv('2024-06-02T00:00:00Z', 0.0, 501.5),
    { kwh: 1.5, nextDayKwh: 0, source: 'total' },
  ],
  [
    'gap over midnight without daily counters: split by time',
    pv('2024-06-01T21:00:00Z', undefined, 500.0),
    pv('2024-06-01T23:00:00Z', undefined, 502.0),
    { kwh: 2, nextDayKwh: 1, source: 'total' },
  ],
  [
    'three-day gap: total across it',
    pv('2024-06-01T10:00:00Z', 10.0, 500.0),
    pv('2024-06-04T10:00:00Z', 12.0, 600.0),
    { kwh: 100, nextDayKwh: 12, source: 'total' },
  ],
  [
    'three-day gap with an absurd total jump → daily since midnight only',
    pv('2024-06-01T10:00:00Z', 10.0, 500.0),
    pv('2024-06-04T10:00:00Z', 12.0, 5000.0),
    { kwh: 12, nextDayKwh: 12, source: 'todaySinceMidnight', note: 'beforeMidnightUnknown' },
  ],
  [
    '10 s apart, one 0.1 kWh step of a rounded total is accepted',
    pv('2024-06-01T08:00:00Z', undefined, 100.0),
    pv('2024-06-01T08:00:10Z', undefined, 100.1),
    { kwh: 0.1, nextDayKwh: 0.1, source: 'total' },
  ],
  [
    '10 s apart, two steps of a rounded total are a jump',
    pv('2024-06-01T08:00:00Z', undefined, 100.0),
    pv('2024-06-01T08:00:10Z', undefined, 100.2),
    { kwh: 0, nextDayKwh: 0, source: 'none', note: 'jump' },
  ],
  [
    'limit is rated × elapsed × 1.5: 0.625 kWh in 5 min at 5 kW is accepted',
    pv('2024-06-01T08:00:00Z', 1.0, undefined),
    pv('2024-06-01T08:05:00Z', 1.635, undefined),
    { kwh: 0.635, nextDayKwh: 0.635, source: 'today' },
  ],
  [
    'limit is rated × elapsed × 1.5: 0.65 kWh in 5 min at 5 kW is a jump',
    pv('2024-06-01T08:00:00Z', 1.0, undefined),
    pv('2024-06-01T08:05:00Z', 1.65, undefined),
    { kwh: 0, nextDayKwh: 0, source: 'none', note: 'jump' },
  ],
  [
    'a per-quantity limit raises the bound',
    pv('2024-06-01T08:00:00Z', 1.0, undefined),
    pv('2024-06-01T08:05:00Z', 1.65, undefined),
    { kwh: 0.65, nextDayKwh: 0.65, source: 'today' },
    { ...OPTIONS, maxPowerW: { pv: 8000 } },
  ],
  [
    'floating noise does not leak into the result',
    pv('2024-06-01T08:00:00Z', 0.1, 100.1),
    pv('2024-06-01T08:05:00Z', 0.3, 100.3),
    { kwh: 0.2, nextDayKwh: 0.2, source: 'today' },
  ],
  [
    'unchanged counters count zero',
    pv('2024-06-01T01:00:00Z', 0, 100.0),
    pv('2024-06-01T01:05:00Z', 0, 100.0),
    { kwh: 0, nextDayKwh: 0, source: 'today' },
  ],
  [
    'DST spring day: 23:59 CET → 00:01 CET crosses midnight',
    pv('2024-03-30T22:59:00Z', 8.0, 300.0),
    pv('2024-03-30T23:01:00Z', 0.0, 300.0),
    { kwh: 0, nextDayKwh: 0, source: 'total' },
  ],
  [
    'DST autumn night: 02:30 CEST → 02:30 CET is the same local day',
    pv('2024-10-27T00:30:00Z', 0.0, 300.0),
    pv('2024-10-27T01:30:00Z', 0.0, 300.0),
    { kwh: 0, nextDayKwh: 0, source: 'today' },
  ],
];

describe('counterDelta', () => {
  test.each(rows)('%s', (_label, prev, next, expected, options = OPTIONS) => {
    expect(counterDelta(prev, next, 'pv', options)).toEqual(expected);
  });

  test('reads the counters of the quantity it is asked for', () => {
    const prev = { ts: Date.parse('2024-06-01T08:00:00Z'), values: { gridImportTodayKwh: 1, gridExportTodayKwh: 2 } };
    const next = {
      ts: Date.parse('2024-06-01T08:05:00Z'),
      values: { gridImportTodayKwh: 1.1, gridExportTodayKwh: 2.4 },
    };
    expect(counterDelta(prev, next, 'gridImport', OPTIONS).kwh).toBe(0.1);
    expect(counterDelta(prev, next, 'gridExport', OPTIONS).kwh).toBe(0.4);
  });
});

describe('energyDeltas', () => {
  test('gives a delta for every quantity', () => {
    const prev: CounterSample = { ts: Date.parse('2024-06-01T08:00:00Z'), values: {} };
    const next: CounterSample = { ts: Date.parse('2024-06-01T08:05:00Z'), values: {} };
    ENERGY_QUANTITIES.forEach((q, i) => {
      prev.values[ENERGY_COUNTERS[q].today] = 1;
      next.values[ENERGY_COUNTERS[q].today] = 1 + (i + 1) / 100;
    });
    const deltas = energyDeltas(prev, next, OPTIONS);
    expect(Object.keys(deltas)).toEqual([...ENERGY_QUANTITIES]);
    ENERGY_QUANTITIES.forEach((q, i) =>
      expect(deltas[q]).toEqual({ kwh: (i + 1) / 100, nextDayKwh: (i + 1) / 100, source: 'today' }),
    );
  });

  test('every counter named is a kWh counter of the catalogue', () => {
    for (const q of ENERGY_QUANTITIES)
      for (const key of [ENERGY_COUNTERS[q].today, ENERGY_COUNTERS[q].total])
        expect(fieldByKey(key)).toMatchObject({ unit: 'kWh', kind: 'counter' });
  });
});
