import { ENERGY_QUANTITIES, type EnergyQuantity } from '@voltfleet/domain/telemetry';
import { localDay } from '@voltfleet/domain/time';
import { type TariffType } from '@voltfleet/domain/plants';
import type { TariffPeriod } from './tariff.js';

export type EnergyTotals = Record<EnergyQuantity, number>;

/** All quantities at zero. */
export function zeroTotals(): EnergyTotals {
  return { pv: 0, load: 0, gridImport: 0, gridExport: 0, batCharge: 0, batDischarge: 0 };
}

const zeroByTariff = (): Record<TariffType, number> => ({ 1: 0, 2: 0, 3: 0, 4: 0 });

/** Adds `b` into `a`. */
export function addTotals(a: EnergyTotals, b: EnergyTotals): void {
  for (const q of ENERGY_QUANTITIES) a[q] += b[q];
}

/** Storage gate meter registers: battery energy per tariff period today, this month, in total, and earnings. */
export interface GateMeter {
  chargeToday: Record<TariffType, number>;
  dischargeToday: Record<TariffType, number>;
  chargeMonthKwh: number;
  dischargeMonthKwh: number;
  chargeTotalKwh: number;
  dischargeTotalKwh: number;
  earningsToday: number;
  earningsTotal: number;
}

/**
 * The energy registers of one inverter and the exact ground truth behind them. Daily registers reset when the
 * plant-local day changes; totals only when the registers are lost (`resetTotals`). Ground truth is kept per local
 * day and month and never resets.
 */
export class EnergyCounters {
  today = zeroTotals();
  total = zeroTotals();
  pcsTodayKwh = 0;
  pcsTotalKwh = 0;
  gate: GateMeter = {
    chargeToday: zeroByTariff(),
    dischargeToday: zeroByTariff(),
    chargeMonthKwh: 0,
    dischargeMonthKwh: 0,
    chargeTotalKwh: 0,
    dischargeTotalKwh: 0,
    earningsToday: 0,
    earningsTotal: 0,
  };
  readonly daily = new Map<string, EnergyTotals>();
  readonly monthly = new Map<string, EnergyTotals>();
  private day: string;

  constructor(
    private readonly timeZone: string,
    startMs: number,
  ) {
    this.day = localDay(startMs, timeZone);
  }

  /** Starts a new local day (and month) when `ms` lies on a later one than the registers. */
  rollTo(ms: number): void {
    const day = localDay(ms, this.timeZone);
    if (day === this.day) return;
    if (day.slice(0, 7) !== this.day.slice(0, 7)) {
      this.gate.chargeMonthKwh = 0;
      this.gate.dischargeMonthKwh = 0;
    }
    this.day = day;
    this.today = zeroTotals();
    this.pcsTodayKwh = 0;
    this.gate.chargeToday = zeroByTariff();
    this.gate.dischargeToday = zeroByTariff();
    this.gate.earningsToday = 0;
  }

  /** Adds one step's energy, all of it on the registers' current local day. */
  add(kwh: EnergyTotals, pcsKwh: number, tariff: TariffPeriod | undefined): void {
    addTotals(this.today, kwh);
    addTotals(this.total, kwh);
    this.pcsTodayKwh += pcsKwh;
    this.pcsTotalKwh += pcsKwh;
    addTotals(this.bucket(this.daily, this.day), kwh);
    addTotals(this.bucket(this.monthly, this.day.slice(0, 7)), kwh);
    const g = this.gate;
    const type = tariff?.type ?? 3;
    g.chargeToday[type] += kwh.batCharge;
    g.dischargeToday[type] += kwh.batDischarge;
    g.chargeMonthKwh += kwh.batCharge;
    g.dischargeMonthKwh += kwh.batDischarge;
    g.chargeTotalKwh += kwh.batCharge;
    g.dischargeTotalKwh += kwh.batDischarge;
    const earned = (kwh.batDischarge - kwh.batCharge) * (tariff?.price ?? 0);
    g.earningsToday += earned;
    g.earningsTotal += earned;
  }

  /**
   * The lifetime registers start again from zero, as after a replaced control board or a cleared memory: a counter
   * reset the platform's rollups must survive (tests). The ground truth is unaffected.
   */
  resetTotals(): void {
    this.total = zeroTotals();
    this.pcsTotalKwh = 0;
  }

  private bucket(map: Map<string, EnergyTotals>, key: string): EnergyTotals {
    let totals = map.get(key);
    if (!totals) {
      totals = zeroTotals();
      map.set(key, totals);
    }
    return totals;
  }
}
