import type { BatteryType } from '@voltfleet/domain/devices';

export interface BatteryConfig {
  sn: string;
  /** Nameplate capacity, kWh. */
  capacityKwh: number;
  maxChargeW: number;
  maxDischargeW: number;
  /** One-way efficiency between the terminals and the cells (round trip = efficiency²). */
  efficiency?: number;
  initialSocPct?: number;
  sohPct?: number;
  /** Cells in series; sets the pack voltage (LFP, 3.2 V nominal per cell). */
  cellsInSeries?: number;
  type?: BatteryType;
  model?: string;
  /**
   * How much faster than usual the pack ages with use: SOH_LOSS_PER_CYCLE × this per equivalent full cycle (1: a
   * healthy pack; a weak cell or a hot cabinet ages one several times faster).
   */
  cycleAgeingFactor?: number;
  /** SOH lost per year of time, whether the pack is used or not (calendar ageing), %; 0 without. */
  calendarSohLossPctPerYear?: number;
}

/** SOH lost per equivalent full cycle, % (an LFP pack: about 20 % over 5,000 cycles). */
export const SOH_LOSS_PER_CYCLE = 0.004;
/** The lowest SOH a pack reaches here (a real one is replaced long before), %. */
const SOH_FLOOR_PCT = 60;
const YEAR_S = 365.25 * 86_400;

/**
 * A battery pack seen from its terminals. Charging W × dt enters the terminals and efficiency of it reaches the
 * cells; discharging takes W × dt / efficiency from the cells. SOC never leaves [0, 100]; the inverter keeps it above
 * the SOC lower limit by asking `dischargeLimitW` first.
 */
export class SimBattery {
  readonly sn: string;
  readonly capacityKwh: number;
  readonly maxChargeW: number;
  readonly maxDischargeW: number;
  readonly efficiency: number;
  readonly cellsInSeries: number;
  readonly type: BatteryType;
  readonly model: string;
  readonly cycleAgeingFactor: number;
  readonly calendarSohLossPctPerYear: number;
  socPct: number;
  sohPct: number;
  /** Energy discharged over the life of the pack (at the terminals), kWh; cycles = this / capacity. */
  private dischargedKwh = 0;

  constructor(config: BatteryConfig) {
    this.sn = config.sn;
    this.capacityKwh = config.capacityKwh;
    this.maxChargeW = config.maxChargeW;
    this.maxDischargeW = config.maxDischargeW;
    this.efficiency = config.efficiency ?? 0.96;
    this.cellsInSeries = config.cellsInSeries ?? 64;
    this.type = config.type ?? 1;
    this.model = config.model ?? `LFP${Math.round(config.capacityKwh)}`;
    this.socPct = config.initialSocPct ?? 50;
    this.sohPct = config.sohPct ?? 100;
    this.cycleAgeingFactor = config.cycleAgeingFactor ?? 1;
    this.calendarSohLossPctPerYear = config.calendarSohLossPctPerYear ?? 0;
  }

  /** Usable energy at 100 % SOC, kWh. */
  get usableKwh(): number {
    return (this.capacityKwh * this.sohPct) / 100;
  }

  get cycleCount(): number {
    return Math.floor(this.dischargedKwh / this.capacityKwh);
  }

  /** Highest charging power (W at the terminals) that keeps SOC ≤ 100 over dt seconds. */
  chargeLimitW(dtSeconds: number): number {
    const roomKwh = ((100 - this.socPct) / 100) * this.usableKwh;
    return Math.max(0, Math.min(this.maxChargeW, (roomKwh * 3_600_000) / (this.efficiency * dtSeconds)));
  }

  /** Highest discharging power (W at the terminals) that keeps SOC ≥ floorPct over dt seconds. */
  dischargeLimitW(dtSeconds: number, floorPct: number): number {
    const availableKwh = ((this.socPct - floorPct) / 100) * this.usableKwh;
    return Math.max(0, Math.min(this.maxDischargeW, (availableKwh * 3_600_000 * this.efficiency) / dtSeconds));
  }

  /** Applies a terminal power for dt seconds: positive discharges, negative charges. */
  apply(powerW: number, dtSeconds: number): void {
    const terminalKwh = (powerW * dtSeconds) / 3_600_000;
    const cellKwh = powerW >= 0 ? terminalKwh / this.efficiency : terminalKwh * this.efficiency;
    this.socPct = Math.min(100, Math.max(0, this.socPct - (cellKwh / this.usableKwh) * 100));
    // Ageing: by the energy cycled (discharge counts the cycles) and by the time passed. SOH scales the usable
    // energy (usableKwh), so a worn pack fills and empties sooner.
    let lossPct = (this.calendarSohLossPctPerYear * dtSeconds) / YEAR_S;
    if (powerW > 0) {
      this.dischargedKwh += terminalKwh;
      lossPct += (SOH_LOSS_PER_CYCLE * this.cycleAgeingFactor * terminalKwh) / this.capacityKwh;
    }
    if (lossPct > 0) this.sohPct = Math.max(SOH_FLOOR_PCT, this.sohPct - lossPct);
  }

  /** Open-circuit voltage of one LFP cell at the present SOC, V. */
  cellVoltageV(): number {
    const soc = this.socPct / 100;
    return 2.95 + 0.3 * soc + 0.1 * Math.max(0, soc - 0.9) * 10 - 0.2 * Math.max(0, 0.1 - soc) * 10;
  }

  /** Pack voltage under a terminal power (sags while discharging, rises while charging), V. */
  packVoltageV(powerW: number): number {
    const open = this.cellVoltageV() * this.cellsInSeries;
    const sag = (powerW / Math.max(1, this.maxDischargeW)) * 0.03 * open;
    return open - sag;
  }
}
