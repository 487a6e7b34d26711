import { MAX_LOSS_PCT, energyBalance } from '@voltfleet/domain/plants';
import {
  ENERGY_QUANTITIES,
  FIELDS_BY_GROUP,
  validateReading,
  type FieldGroup,
  type Reading,
} from '@voltfleet/domain/telemetry';
import { localDay } from '@voltfleet/domain/time';
import { describe, expect, test } from 'vitest';
import type { FleetConfig } from './config.js';
import { demoFleetConfig } from './demo-fleet.js';
import { createFleet } from './fleet.js';
import { DAY, HOUR } from './test-support.js';

const START = Date.UTC(2024, 5, 10);

/** The demo fleet cut down to some plants. */
function someDemoPlants(ids: string[], seed = 7): FleetConfig {
  const demo = demoFleetConfig({ startMs: START, seed });
  return {
    seed: demo.seed,
    startMs: demo.startMs,
    plants: demo.plants.filter((p) => ids.includes(p.id)),
    devices: demo.devices.filter((d) => ids.includes(d.plantId)),
  };
}

const SEVERAL = [
  'cn-suzhou-ci',
  'cz-praha-home',
  'br-saopaulo-home',
  'ng-lagos-mg',
  'us-austin-ci',
  'de-muenchen-home',
];

function collect(config: FleetConfig, toMs: number, stepSeconds: number): Reading[] {
  const readings: Reading[] = [];
  createFleet(config).advance(toMs, stepSeconds, (r) => readings.push(r));
  return readings;
}

describe('Fleet', () => {
  test('is deterministic: the same seed and steps give identical readings; another seed does not', () => {
    const a = collect(someDemoPlants(SEVERAL), START + 12 * HOUR, 60);
    const b = collect(someDemoPlants(SEVERAL), START + 12 * HOUR, 60);
    expect(a.length).toBeGreaterThan(1000);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const c = collect(someDemoPlants(SEVERAL, 8), START + 12 * HOUR, 60);
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
  });

  // How fast the simulator runs is a benchmark's question (the demo history seeding measures it), not a test's.
  test('simulates a week of several plants, every reading valid', () => {
    const fleet = createFleet(someDemoPlants(SEVERAL));
    const readings: Reading[] = [];
    fleet.advance(START + 7 * DAY, 60, (r) => readings.push(r));
    expect(fleet.now).toBe(START + 7 * DAY);
    expect(readings.length).toBe(fleet.inverters.length * 7 * 24 * 60);

    const sample = readings.filter((_, i) => i % 7 === 0);
    const invalid = sample.map((r) => validateReading(r, r.ts)).filter((result) => !result.ok);
    expect(invalid.slice(0, 3)).toEqual([]);
    const lastTs = new Map<string, number>();
    const outOfOrder = readings.filter((r) => {
      const before = lastTs.get(r.sn) ?? 0;
      lastTs.set(r.sn, r.ts);
      return r.ts <= before;
    });
    expect(outOfOrder).toEqual([]);
  }, 30_000);

  test('reports at each inverter’s own interval', () => {
    const fleet = createFleet(someDemoPlants(['cn-suzhou-ci', 'cz-praha-home']));
    const bySn = new Map<string, number>();
    fleet.advance(START + HOUR, 10, (r) => bySn.set(r.sn, (bySn.get(r.sn) ?? 0) + 1));
    expect(bySn.get('VF10K2400101')).toBe(120); // C&I: every 30 s
    expect(bySn.get('VF10K2400401')).toBe(60); // household: every 60 s
  });

  test('setReportInterval makes every inverter report that often from then on, and refuses what is not a second', () => {
    const fleet = createFleet(someDemoPlants(['cn-suzhou-ci', 'cz-praha-home']));
    fleet.advance(START + HOUR, 10);
    fleet.setReportInterval(2);
    const bySn = new Map<string, number>();
    fleet.advance(START + HOUR + 60_000, 1, (r) => bySn.set(r.sn, (bySn.get(r.sn) ?? 0) + 1));
    expect(bySn.get('VF10K2400101')).toBe(30);
    expect(bySn.get('VF10K2400401')).toBe(30);
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => fleet.setReportInterval(bad)).toThrow(RangeError);
    expect(fleet.inverters.every((i) => i.reportIntervalS === 2)).toBe(true);
  });

  test('ground truth: plant = sum of its devices, month = sum of its days, days are plant-local', () => {
    const fleet = createFleet(someDemoPlants(['cn-suzhou-ci', 'br-saopaulo-home']));
    fleet.advance(START + 3 * DAY, 120);
    const truth = fleet.groundTruth();
    const suzhou = truth.plants['cn-suzhou-ci'];
    // 2024-06-10T00:00Z is 08:00 in Shanghai and 21:00 of 9 June in São Paulo.
    expect(Object.keys(suzhou?.daily ?? {})).toEqual(['2024-06-10', '2024-06-11', '2024-06-12', '2024-06-13']);
    expect(Object.keys(truth.plants['br-saopaulo-home']?.daily ?? {})).toEqual([
      '2024-06-09',
      '2024-06-10',
      '2024-06-11',
      '2024-06-12',
    ]);
    const devices = Object.values(truth.devices).filter((d) => d.plantId === 'cn-suzhou-ci');
    expect(devices).toHaveLength(3);
    for (const q of ENERGY_QUANTITIES) {
      const day = suzhou?.daily['2024-06-11']?.[q] ?? NaN;
      expect(day, q).toBeCloseTo(
        devices.reduce((s, d) => s + (d.daily['2024-06-11']?.[q] ?? 0), 0),
        9,
      );
      const days = Object.values(suzhou?.daily ?? {}).reduce((s, t) => s + t[q], 0);
      expect(suzhou?.monthly['2024-06']?.[q], q).toBeCloseTo(days, 9);
    }
    // June is Suzhou's plum-rain season: even a grey day gives its 34.8 kWp some 10 kWh.
    expect(suzhou?.daily['2024-06-11']?.pv).toBeGreaterThan(10);
  });

  test('ground truth is a copy', () => {
    const fleet = createFleet(someDemoPlants(['cz-praha-home']));
    fleet.advance(START + HOUR, 60);
    const truth = fleet.groundTruth();
    const plant = truth.plants['cz-praha-home']?.daily[localDay(START, 'Europe/Prague')];
    if (plant) plant.load = -1;
    expect(fleet.groundTruth().plants['cz-praha-home']?.daily[localDay(START, 'Europe/Prague')]?.load).toBeGreaterThan(
      0,
    );
  });

  test('rejects inconsistent configurations', () => {
    const config = someDemoPlants(['cz-praha-home']);
    expect(() => createFleet({ ...config, devices: [...config.devices, ...config.devices] })).toThrow(/duplicate/);
    expect(() => createFleet({ ...config, plants: [] })).toThrow(/unknown plant/);
    const orphan = config.devices.filter((d) => d.kind !== 'inverter');
    expect(() => createFleet({ ...config, devices: orphan })).toThrow(/unknown device/);
    expect(() => createFleet(config).advance(START + HOUR, 0)).toThrow(RangeError);
    const cabinetHome = { ...config, plants: config.plants.map((p) => ({ ...p, storageCabinet: true })) };
    expect(() => createFleet(cabinetHome)).toThrow(/household plant has no storage cabinet/);
  });

  test.each([
    ['cz-praha-home', 'household', false],
    ['cz-brno-ci', 'C&I without a storage cabinet', false],
    ['cn-suzhou-ci', 'C&I with storage cabinets', true],
    ['ng-lagos-mg', 'micro-grid with storage cabinets', true],
  ] as const)('%s (%s): an inverter with its battery reports exactly its groups', (plantId, _kind, cabinet) => {
    const fleet = createFleet(someDemoPlants([plantId]));
    fleet.advance(START + HOUR, 60);
    const inverterGroups: FieldGroup[] = ['pv', 'grid', 'load', 'bms', 'pcs'];
    const cabinetGroups: FieldGroup[] = ['tmeter', 'gmeter', 'dehumidifier', 'liquidCooling'];
    const expected = [...inverterGroups, ...(cabinet ? cabinetGroups : [])]
      .flatMap((g) => FIELDS_BY_GROUP[g].map((f) => f.key))
      .sort();
    for (const reading of fleet.readings()) expect(Object.keys(reading.values).sort()).toEqual(expected);
    expect(expected).toHaveLength(cabinet ? 110 : 75);
  });

  test('readings() gives one reading per inverter at the present time', () => {
    const fleet = createFleet(someDemoPlants(['cn-suzhou-ci']));
    fleet.advance(START + HOUR, 60);
    const readings = fleet.readings();
    expect(readings.map((r) => r.sn)).toEqual(['VF10K2400101', 'VF10K2400102', 'VF10K2400103']);
    expect(readings.every((r) => r.ts === START + HOUR)).toBe(true);
  });
});

describe('the energy balance of every demo plant', () => {
  test('each day, PV + discharge + import = load + charge + export + losses of 0 to MAX_LOSS_PCT %', () => {
    const fleet = createFleet(demoFleetConfig({ startMs: Date.UTC(2025, 11, 1) }));
    fleet.advance(Date.UTC(2025, 11, 4), 300);
    const truth = fleet.groundTruth();
    let checked = 0;
    for (const [plantId, series] of Object.entries(truth.plants))
      for (const [day, t] of Object.entries(series.daily)) {
        const balance = energyBalance({
          pvKwh: t.pv,
          loadKwh: t.load,
          gridImportKwh: t.gridImport,
          gridExportKwh: t.gridExport,
          batChargeKwh: t.batCharge,
          batDischargeKwh: t.batDischarge,
        });
        if (balance.inKwh < 1) continue;
        expect(balance.lossKwh, `${plantId} ${day}`).toBeGreaterThanOrEqual(0);
        expect(balance.lossPct, `${plantId} ${day}`).toBeLessThan(MAX_LOSS_PCT);
        checked += 1;
      }
    expect(checked).toBeGreaterThan(30);
  });
});
