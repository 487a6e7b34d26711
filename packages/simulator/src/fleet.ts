import { ENERGY_COUNTERS, ENERGY_QUANTITIES, type FieldKey, type Reading } from '@voltfleet/domain/telemetry';
import { localDay } from '@voltfleet/domain/time';
import { runAccelerated, type AcceleratedRun, type AccelerateOptions, type ReadingListener } from './accelerate.js';
import type {
  FleetConfig,
  SimBatteryDeviceConfig,
  SimDeviceConfig,
  SimInverterConfig,
  SimPlantConfig,
} from './config.js';
import { addTotals, zeroTotals, type EnergyTotals } from './counters.js';
import { SimInverter } from './inverter.js';
import { Rng } from './random.js';

/** Exact energy per local day ('YYYY-MM-DD') and month ('YYYY-MM') in the plant's time zone, kWh. */
export interface TruthSeries {
  daily: Record<string, EnergyTotals>;
  monthly: Record<string, EnergyTotals>;
}

export interface GroundTruth {
  devices: Record<string, TruthSeries & { plantId: string }>;
  plants: Record<string, TruthSeries>;
}

/** A deterministic fleet of simulated inverters; time moves only when the caller advances it. */
export class Fleet {
  readonly seed: number;
  readonly plants: readonly SimPlantConfig[];
  readonly devices: readonly SimDeviceConfig[];
  readonly inverters: readonly SimInverter[];
  private readonly bySn: ReadonlyMap<string, SimInverter>;
  private timeMs: number;

  constructor(config: FleetConfig) {
    checkConfig(config);
    this.seed = config.seed;
    this.plants = config.plants;
    this.devices = config.devices;
    this.timeMs = config.startMs;
    const rng = new Rng(config.seed);
    const inverterConfigs = config.devices.filter((d): d is SimInverterConfig => d.kind === 'inverter');
    this.inverters = inverterConfigs.map((inv) => {
      const plant = config.plants.find((p) => p.id === inv.plantId) as SimPlantConfig;
      const siblings = inverterConfigs.filter((d) => d.plantId === plant.id).length;
      const battery = config.devices.find(
        (d): d is SimBatteryDeviceConfig => d.kind === 'battery' && d.inverterSn === inv.sn,
      );
      const initialSocPct = battery?.initialSocPct ?? Math.round(rng.fork(inv.sn).range(30, 80));
      return new SimInverter(
        inv,
        { ...plant, hasCabinet: plant.storageCabinet === true },
        {
          seed: config.seed,
          startMs: config.startMs,
          load: { profile: plant.load.profile, dailyKwh: plant.load.dailyKwh / siblings },
          battery: battery ? { ...battery, initialSocPct } : undefined,
          faults: config.faults ?? [],
        },
      );
    });
    this.bySn = new Map(this.inverters.map((i) => [i.sn, i]));
  }

  /** Simulated time, epoch ms UTC. */
  get now(): number {
    return this.timeMs;
  }

  /**
   * Makes every inverter report every `seconds` from now on (a soak or load run that wants more live data than a
   * real fleet's 30–60 s; a history replay keeps the configured intervals). Whole seconds, at least 1.
   */
  setReportInterval(seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 1) throw new RangeError('seconds must be a whole number of at least 1');
    for (const inverter of this.inverters) inverter.reportIntervalS = seconds;
  }

  inverter(sn: string): SimInverter | undefined {
    return this.bySn.get(sn);
  }

  /**
   * Steps every inverter to `toMs` in steps of `stepSeconds` (the last one shorter if needed). Each inverter reports
   * when a step crosses a multiple of its report interval. Returns the number of readings emitted.
   */
  advance(toMs: number, stepSeconds: number, onReading?: ReadingListener): number {
    if (!(stepSeconds > 0)) throw new RangeError('stepSeconds must be positive');
    let emitted = 0;
    while (this.timeMs < toMs) {
      const from = this.timeMs;
      const to = Math.min(toMs, from + stepSeconds * 1000);
      for (const inverter of this.inverters) {
        inverter.step(to, (to - from) / 1000);
        const intervalMs = inverter.reportIntervalS * 1000;
        if (Math.floor(to / intervalMs) > Math.floor(from / intervalMs)) {
          const reading = inverter.reading(to);
          emitted += 1;
          onReading?.(reading, inverter);
        }
      }
      this.timeMs = to;
    }
    return emitted;
  }

  /**
   * Steps every inverter to `toMs` sparsely, for replaying history fast: one step of `stepSeconds` at a time (so one
   * reading per step and inverter), except that an inverter goes through a step in `fineStepSeconds` steps when one
   * of its faults lasting at least two fine steps starts or ends within it, so its readings show that fault come and
   * go as the alarm rules need (a shorter fault would show in one fine reading at most, so it earns no fine steps).
   * Physics, weather and faults are those of `advance`; the steps depend only on the time, so a replay from the
   * same start is identical. Returns the number of readings emitted.
   */
  advanceSparse(
    toMs: number,
    options: { stepSeconds: number; fineStepSeconds?: number; onReading?: ReadingListener },
  ): number {
    const { stepSeconds, fineStepSeconds, onReading } = options;
    if (!(stepSeconds > 0)) throw new RangeError('stepSeconds must be positive');
    if (fineStepSeconds !== undefined && !(fineStepSeconds > 0 && fineStepSeconds <= stepSeconds))
      throw new RangeError('fineStepSeconds must be positive and at most stepSeconds');
    const fineMs = (fineStepSeconds ?? stepSeconds) * 1000;
    let emitted = 0;
    while (this.timeMs < toMs) {
      const from = this.timeMs;
      const to = Math.min(toMs, from + stepSeconds * 1000);
      for (const inverter of this.inverters) {
        const fine = fineMs < to - from && faultChangesWithin(inverter, from, to, 2 * fineMs);
        const intervalMs = inverter.reportIntervalS * 1000;
        let at = from;
        while (at < to) {
          const end = fine ? Math.min(to, at + fineMs) : to;
          inverter.step(end, (end - at) / 1000);
          if (Math.floor(end / intervalMs) > Math.floor(at / intervalMs)) {
            emitted += 1;
            onReading?.(inverter.reading(end), inverter);
          }
          at = end;
        }
      }
      this.timeMs = to;
    }
    return emitted;
  }

  /**
   * Continues an inverter's registers from what it reported last (at `reportedAtMs`), as a real inverter keeps them
   * while the platform restarts: the lifetime energy counters (and the storage gate meter's), today's counters when
   * that report lies on the inverter's current local day, and the battery's state of charge and of health (a worn
   * pack stays worn: a restart must not make it new). Energy this fleet integrated since its start is kept on top.
   * Unknown serial numbers are ignored.
   */
  restoreRegisters(sn: string, reported: Partial<Record<FieldKey, number>>, reportedAtMs: number): void {
    const inverter = this.bySn.get(sn);
    if (!inverter) return;
    const { counters } = inverter;
    const sameDay = localDay(reportedAtMs, inverter.site.timeZone) === localDay(this.timeMs, inverter.site.timeZone);
    for (const q of ENERGY_QUANTITIES) {
      counters.total[q] += reported[ENERGY_COUNTERS[q].total] ?? 0;
      if (sameDay) counters.today[q] += reported[ENERGY_COUNTERS[q].today] ?? 0;
      // The lifetime counter includes today; a coarser reported total (an older device's rounding) must not lag it.
      counters.total[q] = Math.max(counters.total[q], counters.today[q]);
    }
    counters.pcsTotalKwh += reported.pcsEnergyTotalKwh ?? 0;
    if (sameDay) counters.pcsTodayKwh += reported.pcsEnergyTodayKwh ?? 0;
    counters.gate.chargeTotalKwh += reported.gmeterChargeTotalKwh ?? 0;
    counters.gate.dischargeTotalKwh += reported.gmeterDischargeTotalKwh ?? 0;
    counters.gate.earningsTotal += reported.gmeterEarningsTotal ?? 0;
    const soc = reported.batSocPct;
    if (inverter.battery && soc !== undefined && soc >= 0 && soc <= 100) inverter.battery.socPct = soc;
    const soh = reported.batSohPct;
    if (inverter.battery && soh !== undefined && soh > 0 && soh <= 100) inverter.battery.sohPct = soh;
  }

  /** A reading of every inverter at the present simulated time. */
  readings(): Reading[] {
    return this.inverters.map((i) => i.reading(this.timeMs));
  }

  /** Exact energies per device and per plant, per local day and month (copies; the fleet keeps running). */
  groundTruth(): GroundTruth {
    const truth: GroundTruth = { devices: {}, plants: {} };
    for (const plant of this.plants) truth.plants[plant.id] = { daily: {}, monthly: {} };
    for (const inv of this.inverters) {
      const device = { plantId: inv.plantId, daily: copy(inv.counters.daily), monthly: copy(inv.counters.monthly) };
      truth.devices[inv.sn] = device;
      const plant = truth.plants[inv.plantId] as TruthSeries;
      merge(plant.daily, device.daily);
      merge(plant.monthly, device.monthly);
    }
    return truth;
  }

  /** Runs the fleet against the wall clock, `factor` simulated seconds per real second, until stopped. */
  runAccelerated(options: AccelerateOptions): AcceleratedRun {
    return runAccelerated(this, options);
  }
}

/** Builds a fleet from its configuration (see demoFleetConfig for a complete example). */
export function createFleet(config: FleetConfig): Fleet {
  return new Fleet(config);
}

function copy(map: ReadonlyMap<string, EnergyTotals>): Record<string, EnergyTotals> {
  return Object.fromEntries([...map].map(([key, totals]) => [key, { ...totals }]));
}

function merge(into: Record<string, EnergyTotals>, from: Record<string, EnergyTotals>): void {
  for (const [key, totals] of Object.entries(from)) {
    const target = (into[key] ??= zeroTotals());
    addTotals(target, totals);
  }
}

function checkConfig(config: FleetConfig): void {
  const plantIds = new Set(config.plants.map((p) => p.id));
  for (const p of config.plants)
    if (p.storageCabinet && p.type === 1) throw new Error(`${p.id}: a household plant has no storage cabinet`);
  const sns = new Set<string>();
  for (const d of config.devices) {
    if (sns.has(d.sn)) throw new Error(`duplicate serial number ${d.sn}`);
    sns.add(d.sn);
    if (!plantIds.has(d.plantId)) throw new Error(`${d.sn}: unknown plant ${d.plantId}`);
  }
  for (const d of config.devices) {
    const parent = d.kind === 'battery' ? d.inverterSn : d.kind === 'inverter' ? d.collectorSn : undefined;
    if (parent !== undefined && !sns.has(parent)) throw new Error(`${d.sn}: unknown device ${parent}`);
  }
}

/**
 * Whether a fault window of the inverter lasting at least `minMs` starts or ends in (fromMs, toMs]. Such a window
 * holds an instant of the `minMs` grid within `minMs` of each of its ends, so sampling that grid over
 * [fromMs − minMs, toMs + minMs] finds every one.
 */
function faultChangesWithin(inverter: SimInverter, fromMs: number, toMs: number, minMs: number): boolean {
  for (let t = Math.floor((fromMs - minMs) / minMs) * minMs; t <= toMs + minMs; t += minMs) {
    for (const w of inverter.faultsAt(t)) {
      if (w.untilMs - w.fromMs < minMs) continue;
      if ((w.fromMs > fromMs && w.fromMs <= toMs) || (w.untilMs > fromMs && w.untilMs <= toMs)) return true;
    }
  }
  return false;
}
