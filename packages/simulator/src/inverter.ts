import { faultSetFields } from '@voltfleet/domain/alarms';
import { localParts, nextLocalMidnight } from '@voltfleet/domain/time';
import { ratedPowerW, type InverterModel } from '@voltfleet/domain/devices';
import { type Reading } from '@voltfleet/domain/telemetry';
import { type TariffType } from '@voltfleet/domain/plants';
import { SimBattery, type BatteryConfig } from './battery.js';
import type { SimInverterConfig } from './config.js';
import { EnergyCounters } from './counters.js';
import { dispatch, type PowerFlow } from './dispatch.js';
import { environmentAt, type Environment } from './environment.js';
import { FaultSchedule, type FaultScenario } from './fault-scenarios.js';
import { NO_FAULTS, faultState, simFault, type FaultState, type FaultWindow, type SimFaultKey } from './faults.js';
import type { LoadConfig } from './load.js';
import {
  DEFAULT_PARAMETERS,
  checkParameter,
  isTariffRegister,
  tariffTypeAt,
  type InverterParameters,
  type ParameterRefusal,
  type ParameterResult,
} from './parameters.js';

type ParameterRefused = { ok: false; reason: ParameterRefusal };
import { readingValues } from './reading-values.js';
import type { InverterReadingState, InverterSite } from './inverter-state.js';

export interface InverterOptions {
  seed: number;
  startMs: number;
  load: LoadConfig;
  battery?: BatteryConfig;
  /** The fleet's fault scenarios; those that concern this inverter apply. */
  faults?: readonly FaultScenario[];
}

/** DC↔AC conversion efficiency of the power stage. */
const CONVERSION_EFFICIENCY = 0.97;
const IDLE_FLOW: PowerFlow = {
  pvW: 0,
  batW: 0,
  acW: 0,
  gridW: 0,
  loadW: 0,
  lossW: 0,
  forcedCharge: false,
  exportLimited: false,
};

/** One simulated inverter with its PV strings, battery, parameters, faults and energy registers. */
export class SimInverter implements InverterReadingState {
  readonly sn: string;
  readonly plantId: string;
  readonly model: InverterModel;
  readonly ratedW: number;
  readonly collectorSn: string | undefined;
  readonly battery: SimBattery | undefined;
  readonly counters: EnergyCounters;
  readonly site: InverterSite;
  /** Seconds between two reports; the fleet may change it for a live run (Fleet.setReportInterval). */
  reportIntervalS: number;
  pcuVersion: string;
  dspVersion: string;
  /** Power flows of the last integrated step (what a reading shows). */
  flow: PowerFlow = IDLE_FLOW;
  environment: Environment | undefined;
  private params: InverterParameters;
  private timeMs: number;
  private nextMidnightMs: number;
  private seq = 0;
  private readonly faultSchedule: FaultSchedule;
  private injected: FaultWindow[] = [];
  private restartedAtMs = Date.now();
  /** The real-time clock's offset from wall time; a fresh inverter's clock is 90 s slow until synchronised. */
  private clockOffsetMs = -90_000;
  /**
   * Set once a write changes the tariff table (a whole-block rewrite with the same values does not): from then on
   * peak-valley follows the pushed table instead of the plant's tariff.
   */
  private tariffPushed = false;

  constructor(
    private readonly config: SimInverterConfig,
    site: InverterSite,
    private readonly options: InverterOptions,
  ) {
    this.sn = config.sn;
    this.plantId = config.plantId;
    this.model = config.model;
    this.ratedW = ratedPowerW(config.model);
    this.collectorSn = config.collectorSn;
    this.site = site;
    this.reportIntervalS = config.reportIntervalS ?? 60;
    this.pcuVersion = config.pcuVersion;
    this.dspVersion = config.dspVersion;
    this.battery = options.battery ? new SimBattery(options.battery) : undefined;
    this.params = { ...DEFAULT_PARAMETERS, gridConnectionLimitW: this.ratedW, ...config.parameters };
    this.counters = new EnergyCounters(site.timeZone, options.startMs);
    this.timeMs = options.startMs;
    this.nextMidnightMs = nextLocalMidnight(options.startMs, site.timeZone);
    this.faultSchedule = new FaultSchedule(
      options.seed,
      { ...site, sn: config.sn, plantId: config.plantId, hasBattery: options.battery !== undefined },
      options.faults ?? [],
      config.faultRatePerHour ?? 0,
    );
  }

  /** Simulated time up to which the inverter has been integrated. */
  get now(): number {
    return this.timeMs;
  }

  /** Peak DC power of the two strings, W. */
  get pvPeakW(): { pv1: number; pv2: number } {
    return { pv1: this.config.pv1PeakW, pv2: this.config.pv2PeakW };
  }

  get parameters(): Readonly<InverterParameters> {
    return this.params;
  }

  /** Writes a parameter as a command would; on success returns the value read back from the inverter. */
  applyParameter(key: string, value: unknown): ParameterResult {
    const check = checkParameter(key, value, { ratedW: this.ratedW, on: this.params.onOff === 1 });
    if (!check.ok) return check;
    this.tariffPushed ||= this.changesTariff({ [check.key]: check.value });
    this.params = { ...this.params, [check.key]: check.value };
    return { ok: true, key: check.key, value: this.params[check.key] };
  }

  /**
   * Writes several registers at once as one command: all of them or none (the first refusal wins). On success
   * returns the values read back.
   */
  applyParameters(values: Record<string, unknown>): { ok: true; values: Record<string, number> } | ParameterRefused {
    const on = 'onOff' in values ? values.onOff === 1 : this.params.onOff === 1;
    const checked: Record<string, number> = {};
    for (const [key, value] of Object.entries(values)) {
      // Switching off and changing anti-backflow in one write is allowed: the firmware applies onOff first.
      const check = checkParameter(key, value, { ratedW: this.ratedW, on: key === 'onOff' ? true : on });
      if (!check.ok) return check;
      checked[check.key] = check.value;
    }
    if (Object.keys(checked).length === 0) return { ok: false, reason: 'unknownParameter' };
    this.tariffPushed ||= this.changesTariff(checked);
    this.params = { ...this.params, ...checked };
    const params: Record<string, number> = { ...this.params };
    return { ok: true, values: Object.fromEntries(Object.keys(checked).map((k) => [k, params[k]!])) };
  }

  /** A reset/restart: the control board reboots (its uptime starts again); settings are kept. */
  restart(wallMs: number): void {
    this.restartedAtMs = wallMs;
  }

  /** Seconds since the last restart (or since the simulator started it). */
  uptimeS(wallMs: number): number {
    return Math.max(0, Math.floor((wallMs - this.restartedAtMs) / 1000));
  }

  /** Clock sync: the inverter's real-time clock is set to `epochS`; it reads back as wall time plus the offset. */
  setClock(epochS: number, wallMs: number): void {
    this.clockOffsetMs = epochS * 1000 - wallMs;
  }

  clockS(wallMs: number): number {
    return Math.floor((wallMs + this.clockOffsetMs) / 1000);
  }

  /** A firmware upgrade: new versions; the lifetime energy registers survive it, as on a real inverter. */
  firmwareChange(versions: { pcuVersion?: string; dspVersion?: string }): void {
    this.pcuVersion = versions.pcuVersion ?? this.pcuVersion;
    this.dspVersion = versions.dspVersion ?? this.dspVersion;
  }

  /** Forces a fault over a time window (tests, demos), on top of the seeded schedule. */
  injectFault(fault: SimFaultKey | number, fromMs: number, untilMs: number): void {
    const code = typeof fault === 'number' ? fault : simFault(fault)?.code;
    if (code !== undefined) this.injected.push({ code, fromMs, untilMs });
  }

  /** The fault windows in force at an instant: injected, background and scenario faults. */
  faultsAt(ms: number): FaultWindow[] {
    const scheduled = this.faultSchedule.windowsAt(ms);
    if (this.injected.length === 0) return scheduled;
    return [...this.injected.filter((w) => ms >= w.fromMs && ms < w.untilMs), ...scheduled];
  }

  /** The active fault codes at an instant and what they do together. */
  faultStateAt(ms: number): FaultState {
    const windows = this.faultsAt(ms);
    return windows.length === 0 ? NO_FAULTS : faultState(windows.map((w) => w.code));
  }

  /**
   * Integrates the interval (nowMs − dt, nowMs]: power is taken constant over each piece (sampled at its middle) and
   * energy is power × time exactly. A piece never spans a local midnight, where the daily registers reset.
   */
  step(nowMs: number, dtSeconds: number): void {
    const startMs = nowMs - dtSeconds * 1000;
    if (startMs < this.timeMs - 1e-6) throw new RangeError(`${this.sn}: step starts before ${this.timeMs}`);
    let cursor = startMs;
    this.counters.rollTo(cursor);
    while (cursor < nowMs) {
      if (cursor >= this.nextMidnightMs) this.nextMidnightMs = nextLocalMidnight(cursor, this.site.timeZone);
      const end = Math.min(nowMs, this.nextMidnightMs);
      this.integrate(cursor, end);
      cursor = end;
      this.counters.rollTo(cursor);
    }
    this.timeMs = nowMs;
  }

  /** The reading the inverter would send at `nowMs` (values rounded to each field's decimals). */
  reading(nowMs: number): Reading {
    this.seq += 1;
    const faults = this.faultStateAt(nowMs);
    const { faultCodes } = faultSetFields(faults.codes);
    const reading: Reading = {
      sn: this.sn,
      ts: Math.round(nowMs),
      seq: this.seq,
      values: readingValues(this, nowMs, faults),
    };
    // The whole fault set: faultWord (in values) holds codes 1–32, extra.faultCodes the rest.
    if (faultCodes !== undefined) reading.extra = { faultCodes };
    return reading;
  }

  private integrate(fromMs: number, toMs: number): void {
    const dtS = (toMs - fromMs) / 1000;
    const mid = (fromMs + toMs) / 2;
    const env = environmentAt(this.site, this.config, this.options.load, this.options.seed, this.sn, mid);
    const faults = this.faultStateAt(mid);
    const selected = this.selectedStrings(env);
    const pv1W = faults.pv1Off ? 0 : selected.pv1W;
    const pv2W = faults.pv2Off ? 0 : selected.pv2W;
    // An overheated power stage runs at half its rating.
    const ratedW = faults.derated ? this.ratedW / 2 : this.ratedW;
    const available = Math.min(ratedW, pv1W + pv2W);
    const battery = faults.batteryOff ? undefined : this.battery;
    const flow = dispatch({
      // Without the grid the inverter serves the load from its backup port, like a micro-grid.
      mode: faults.gridLost ? 3 : this.params.workMode,
      running: this.params.onOff === 1 && !faults.stopped,
      pvW: available,
      loadW: env.loadW,
      ratedW,
      exportCapW: this.params.antiBackflow === 1 ? 0 : this.params.gridConnectionLimitW,
      chargeMaxW: battery ? battery.chargeLimitW(dtS) : 0,
      dischargeMaxW: battery ? battery.dischargeLimitW(dtS, this.params.socLowerLimitPct) : 0,
      tariff: this.dispatchTariff(env, mid),
      supplyOrder: this.params.backupSupplyOrder,
      efficiency: CONVERSION_EFFICIENCY,
    });
    this.battery?.apply(flow.batW, dtS);
    const h = dtS / 3600 / 1000;
    this.counters.add(
      {
        pv: flow.pvW * h,
        load: flow.loadW * h,
        gridImport: Math.max(0, flow.gridW) * h,
        gridExport: Math.max(0, -flow.gridW) * h,
        batCharge: Math.max(0, -flow.batW) * h,
        batDischarge: Math.max(0, flow.batW) * h,
      },
      Math.max(0, flow.acW) * h,
      env.tariff,
    );
    this.flow = flow;
    this.environment = { ...env, pv1W, pv2W };
  }

  private changesTariff(values: Record<string, number>): boolean {
    const current: Record<string, number> = { ...this.params };
    return Object.entries(values).some(([key, value]) => isTariffRegister(key) && current[key] !== value);
  }

  /** The tariff type peak-valley dispatch follows: the pushed table's once there is one, else the plant's. */
  private dispatchTariff(env: Environment, ms: number): TariffType | undefined {
    if (!this.tariffPushed || this.params.workMode !== 4) return env.tariff?.type;
    return tariffTypeAt(this.params, localParts(ms, this.site.timeZone).minuteOfDay);
  }

  /** In AC-coupling mode the PV source parameter picks the strings in use. */
  private selectedStrings(env: Environment): { pv1W: number; pv2W: number } {
    if (this.params.workMode !== 6) return env;
    const source = this.params.acCouplingPvSource;
    return { pv1W: source === 0 || source === 2 ? env.pv1W : 0, pv2W: source === 0 || source === 3 ? env.pv2W : 0 };
  }
}
