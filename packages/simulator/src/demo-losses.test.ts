import { describe, expect, test } from 'vitest';
import type { FleetConfig, SimInverterConfig } from './config.js';
import { DEMO_HISTORY_DAYS, DEMO_LOSSES, demoFleetConfig } from './demo-fleet.js';
import { environmentAt } from './environment.js';
import { createFleet } from './fleet.js';
import { SOILING_CAP_PCT, isRainyDay, soilingLossPct } from './soiling.js';
import { solarDay, solarDayStartMs } from './weather.js';

const DAY_MS = 86_400_000;
const START = Date.UTC(2025, 10, 1);
const config = demoFleetConfig({ startMs: START });
const plant = (id: string) => config.plants.find((p) => p.id === id)!;
const inverter = (sn: string) =>
  config.devices.find((d): d is SimInverterConfig => d.kind === 'inverter' && d.sn === sn)!;
const loadOf = (id: string) => ({ profile: plant(id).load.profile, dailyKwh: plant(id).load.dailyKwh });

describe('soiling washed by rain', () => {
  const brno = plant('cz-brno-ci');
  const rate = DEMO_LOSSES.soilingPctPerDay['cz-brno-ci']!;
  const days = Array.from({ length: 395 }, (_, i) => solarDay(brno, START) + i);

  test('only the configured plants soil', () => {
    const soiled = config.plants.filter((p) => p.soilingPctPerDay).map((p) => p.id);
    expect(soiled.sort()).toEqual(Object.keys(DEMO_LOSSES.soilingPctPerDay).sort());
  });

  test('grows by its rate a day through a dry spell, up to the cap, and is 0 after a rainy day', () => {
    // A rainy day followed by at least five dry ones.
    const rain = days.find(
      (d) => isRainyDay(config.seed, brno, d) && [1, 2, 3, 4, 5].every((k) => !isRainyDay(config.seed, brno, d + k)),
    )!;
    expect(rain).toBeDefined();
    const noon = (d: number) => solarDayStartMs(brno, d) + DAY_MS / 2;
    expect(soilingLossPct(config.seed, brno, rate, noon(rain))).toBe(0);
    for (let k = 1; k <= 5; k += 1)
      expect(soilingLossPct(config.seed, brno, rate, noon(rain + k))).toBeCloseTo(rate * (k - 0.5), 9);
    // The loss before the rain was higher (unless it rained the day before too) and the rain reset it.
    const before = soilingLossPct(config.seed, brno, rate, noon(rain - 1));
    if (!isRainyDay(config.seed, brno, rain - 1)) expect(before).toBeGreaterThan(0);
    // Over the year it never passes the cap, reaches it in the long dry spells, and drops to 0 again and again.
    const losses = days.map((d) => soilingLossPct(config.seed, brno, rate, noon(d)));
    expect(Math.max(...losses)).toBeLessThanOrEqual(SOILING_CAP_PCT);
    expect(losses.filter((l) => l === 0).length).toBeGreaterThan(20);
    expect(losses.filter((l) => l > 4).length).toBeGreaterThan(20);
  });

  test('Abuja soils through the Harmattan to the cap and the July rains wash it', () => {
    const abuja = plant('ng-abuja-ci');
    const r = DEMO_LOSSES.soilingPctPerDay['ng-abuja-ci']!;
    expect(soilingLossPct(config.seed, abuja, r, Date.UTC(2026, 1, 15, 12))).toBe(SOILING_CAP_PCT);
    const august = Array.from({ length: 31 }, (_, i) => Date.UTC(2026, 7, 1 + i, 12));
    expect(Math.min(...august.map((t) => soilingLossPct(config.seed, abuja, r, t)))).toBe(0);
  });

  test('takes its share off both strings in environmentAt, and is the same at any instant whatever the step', () => {
    const inv = inverter('VF10K2400501');
    const t = Date.UTC(2026, 6, 20, 10, 17);
    const soiled = environmentAt(brno, inv, loadOf(brno.id), config.seed, inv.sn, t);
    const { soilingPctPerDay: _s, ...clean } = brno;
    const cleanEnv = environmentAt(clean, inv, loadOf(brno.id), config.seed, inv.sn, t);
    expect(soiled.soilingPct).toBe(soilingLossPct(config.seed, brno, rate, t));
    expect(soiled.pv1W).toBeCloseTo(cleanEnv.pv1W * (1 - soiled.soilingPct / 100), 6);
    expect(soiled.pv2W).toBeCloseTo(cleanEnv.pv2W * (1 - soiled.soilingPct / 100), 6);
    expect(cleanEnv.soilingPct).toBe(0);
    expect(environmentAt(brno, inv, loadOf(brno.id), config.seed, inv.sn, t)).toEqual(soiled);
  });
});

describe('a lost string', () => {
  const { sn, daysBeforeNow } = DEMO_LOSSES.lostString;
  const lost = inverter(sn);
  const suzhou = plant(lost.plantId);

  test('is lost days before the demo’s present (its history’s end), at a plant with siblings of its model', () => {
    expect(lost.pv2LostFromMs).toBe(START + (DEMO_HISTORY_DAYS - daysBeforeNow) * DAY_MS);
    const nowMs = Date.UTC(2026, 11, 4, 21);
    expect(demoFleetConfig({ startMs: nowMs, nowMs }).devices.find((d) => d.sn === sn)).toMatchObject({
      pv2LostFromMs: nowMs - daysBeforeNow * DAY_MS,
    });
    const siblings = config.devices.filter(
      (d): d is SimInverterConfig => d.kind === 'inverter' && d.plantId === lost.plantId && d.model === lost.model,
    );
    expect(siblings.length).toBeGreaterThanOrEqual(2);
    expect(config.devices.filter((d) => d.kind === 'inverter' && d.pv2LostFromMs !== undefined)).toHaveLength(1);
  });

  test('gives 0 W on PV2 only from its moment; PV1 and the siblings go on', () => {
    const at = (sn2: string, t: number) => environmentAt(suzhou, inverter(sn2), loadOf(suzhou.id), config.seed, sn2, t);
    const from = lost.pv2LostFromMs!;
    // Noon in Suzhou the day before and the day after.
    const noonBefore = Date.UTC(2026, 10, 20, 4);
    const noonAfter = noonBefore + 2 * DAY_MS;
    expect(noonBefore).toBeLessThan(from);
    expect(noonAfter).toBeGreaterThan(from);
    expect(at(sn, noonBefore).pv2W).toBeGreaterThan(100);
    expect(at(sn, noonAfter).pv2W).toBe(0);
    expect(at(sn, noonAfter).pv2Lost).toBe(true);
    expect(at(sn, noonAfter).pv1W).toBeGreaterThan(100);
    expect(at(sn, from - 1).pv2Lost).toBe(false);
    expect(at(sn, from).pv2Lost).toBe(true);
    expect(at('VF10K2400101', noonAfter).pv2W).toBeGreaterThan(100);
  });

  test('its readings show PV2 at 0 V and 0 W in daylight, and the inverter yields about half its siblings’', () => {
    const fromMs = lost.pv2LostFromMs! + 2 * DAY_MS;
    const small: FleetConfig = {
      ...config,
      startMs: fromMs,
      plants: [suzhou],
      devices: config.devices.filter((d) => d.plantId === suzhou.id),
      faults: [],
    };
    const fleet = createFleet(small);
    fleet.advance(fromMs + 2 * DAY_MS, 300);
    // Two days after the loss: PV2 is 5.2 of the 11.6 kWp.
    const pv = (s2: string) => fleet.inverter(s2)!.counters.total.pv;
    expect(pv(sn)).toBeLessThan(0.65 * pv('VF10K2400101'));
    expect(pv(sn)).toBeGreaterThan(0.4 * pv('VF10K2400101'));
    // At noon in Suzhou.
    const noon = createFleet({ ...small, startMs: fromMs - (fromMs % DAY_MS) + 4 * 3_600_000 });
    noon.advance(noon.now + 600, 60);
    const r = new Map(noon.readings().map((x) => [x.sn, x.values]));
    expect(r.get(sn)!.pv2VoltageV).toBe(0);
    expect(r.get(sn)!.pv2PowerW).toBe(0);
    expect(r.get(sn)!.pv1PowerW).toBeGreaterThan(0);
    expect(r.get('VF10K2400102')!.pv2VoltageV).toBeGreaterThan(0);
  });
});

describe('a battery ageing fast', () => {
  const { sn } = DEMO_LOSSES.ageingBattery;
  const battery = config.devices.find((d) => d.kind === 'battery' && d.sn === sn)!;

  test('over the demo’s 13 months its SOH falls from 99 % to about 88 %, where a pack cycling as much loses ~1 %', () => {
    // Phoenix's pack and Shenzhen's (a healthy one cycling about as often), hourly steps over the default history.
    const ids = [battery.plantId, 'cn-shenzhen-home'];
    const fleet = createFleet({
      ...config,
      plants: config.plants.filter((p) => ids.includes(p.id)),
      devices: config.devices.filter((d) => ids.includes(d.plantId)),
      faults: [],
    });
    fleet.advance(START + DEMO_HISTORY_DAYS * DAY_MS, 1800);
    const ageing = fleet.inverters.find((i) => i.battery?.sn === sn)!;
    const healthy = fleet.inverters.find((i) => i.plantId === 'cn-shenzhen-home')!;
    expect(ageing.battery!.sohPct).toBeGreaterThan(86);
    expect(ageing.battery!.sohPct).toBeLessThan(90);
    expect(healthy.battery!.sohPct).toBeGreaterThan(98);
    // The readings report it, and the pack holds that much less.
    expect(ageing.reading(fleet.now).values.batSohPct).toBeCloseTo(ageing.battery!.sohPct, 0);
    expect(ageing.battery!.usableKwh).toBeCloseTo(
      ((battery.kind === 'battery' ? battery.capacityKwh : 0) * ageing.battery!.sohPct) / 100,
      9,
    );
    // A restart continues from the SOH reported, not from a new pack.
    const restarted = createFleet({
      ...config,
      startMs: fleet.now,
      plants: config.plants.filter((p) => ids.includes(p.id)),
      devices: config.devices.filter((d) => ids.includes(d.plantId)),
    });
    restarted.restoreRegisters(ageing.sn, ageing.reading(fleet.now).values, fleet.now);
    expect(restarted.inverter(ageing.sn)!.battery!.sohPct).toBeCloseTo(ageing.battery!.sohPct, 0);
  }, 60_000);

  test('only that battery is configured to age fast', () => {
    const fast = config.devices.filter((d) => d.kind === 'battery' && (d.cycleAgeingFactor ?? 1) > 1);
    expect(fast.map((d) => d.sn)).toEqual([sn]);
  });
});
