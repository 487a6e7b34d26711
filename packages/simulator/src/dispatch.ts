import type { BackupSupplyOrder, WorkMode } from '@voltfleet/domain/devices';
import type { TariffType } from '@voltfleet/domain/plants';

export interface DispatchInput {
  mode: WorkMode;
  /** Switched on and not in a fault: otherwise no power flows through the inverter. */
  running: boolean;
  /** PV power available at the MPP (DC, W), already limited to the rated power. */
  pvW: number;
  /** Demand of the load, W. */
  loadW: number;
  /** Inverter AC limit, W. */
  ratedW: number;
  /** Highest export to the grid, W (0 with anti-backflow). */
  exportCapW: number;
  /** Battery limits for this step (rate, SOC room, SOC lower limit), W at the terminals. */
  chargeMaxW: number;
  dischargeMaxW: number;
  tariff: TariffType | undefined;
  supplyOrder: BackupSupplyOrder;
  /** DC↔AC conversion efficiency. */
  efficiency: number;
}

/**
 * Power flows of one step. Balance, exactly: pvW + batW − lossW = acW and acW + gridW = loadW, hence
 * pv + gridImport + batDischarge = load + gridExport + batCharge + loss.
 */
export interface PowerFlow {
  pvW: number;
  /** Battery terminal power, positive while discharging. */
  batW: number;
  /** Inverter AC power, positive towards the AC bus. */
  acW: number;
  /** Grid power, positive for import. */
  gridW: number;
  /** Load actually served (less than demand only off-grid). */
  loadW: number;
  lossW: number;
  forcedCharge: boolean;
  exportLimited: boolean;
}

const toAc = (dcW: number, eff: number) => (dcW >= 0 ? dcW * eff : dcW / eff);
const toDc = (acW: number, eff: number) => (acW >= 0 ? acW / eff : acW * eff);

/** Battery power the work mode asks for (before inverter and grid limits). */
function batteryTarget(input: DispatchInput): { batW: number; forcedCharge: boolean } {
  const { mode, pvW, loadW, chargeMaxW, dischargeMaxW, efficiency, tariff, supplyOrder } = input;
  const needDc = toDc(loadW, efficiency) - pvW;
  const fromSurplus = needDc < 0 ? -Math.min(-needDc, chargeMaxW) : 0;
  const coverDeficit = needDc > 0 ? Math.min(needDc, dischargeMaxW) : 0;
  switch (mode) {
    case 2: // energy storage: PV fills the battery first, which is kept for backup
      return { batW: -Math.min(pvW, chargeMaxW), forcedCharge: false };
    case 3: // micro-grid: battery balances the island
      return { batW: fromSurplus + coverDeficit, forcedCharge: false };
    case 4: // peak-valley: charge in the valley, discharge in sharp and peak, hold in flat
      if (tariff === 4) return { batW: -chargeMaxW, forcedCharge: chargeMaxW > 0 };
      if (tariff === 1 || tariff === 2) return { batW: fromSurplus + coverDeficit, forcedCharge: false };
      return { batW: fromSurplus, forcedCharge: false };
    default: // 0 default, 1 general (self-use), 6 AC coupling
      return { batW: fromSurplus + (supplyOrder === 0 ? coverDeficit : 0), forcedCharge: false };
  }
}

/** Resolves the power flows of one step for the work mode, inverter rating, export cap and battery limits. */
export function dispatch(input: DispatchInput): PowerFlow {
  const { ratedW, efficiency: eff, chargeMaxW } = input;
  const offGrid = input.mode === 3;
  if (!input.running) {
    const gridW = offGrid ? 0 : input.loadW;
    return { pvW: 0, batW: 0, acW: 0, gridW, loadW: gridW, lossW: 0, forcedCharge: false, exportLimited: false };
  }
  let pvW = input.pvW;
  const target = batteryTarget(input);
  let batW = target.batW;
  let exportLimited = false;

  // The AC side cannot exceed the rating: cut discharge first, then PV (or cut charging from the grid).
  const maxDc = toDc(ratedW, eff);
  if (pvW + batW > maxDc) {
    const excess = pvW + batW - maxDc;
    const cut = batW > 0 ? Math.min(batW, excess) : 0;
    batW -= cut;
    pvW -= excess - cut;
  } else if (pvW + batW < toDc(-ratedW, eff)) {
    batW = toDc(-ratedW, eff) - pvW;
  }

  // Whatever the load does not take goes to the grid, up to the cap (none at all off-grid).
  const capW = offGrid ? 0 : input.exportCapW;
  if (toAc(pvW + batW, eff) - input.loadW > capW) {
    exportLimited = !offGrid;
    let reduction = pvW + batW - toDc(input.loadW + capW, eff);
    const lessDischarge = batW > 0 ? Math.min(batW, reduction) : 0;
    batW -= lessDischarge;
    reduction -= lessDischarge;
    const moreCharge = Math.min(reduction, Math.max(0, chargeMaxW + batW));
    batW -= moreCharge;
    reduction -= moreCharge;
    pvW -= reduction;
  }

  const acW = toAc(pvW + batW, eff);
  const gridW = offGrid ? 0 : input.loadW - acW;
  // Off-grid the load gets what the inverter delivers: all of it, or less when PV and battery fall short.
  const loadW = offGrid ? acW : input.loadW;
  return { pvW, batW, acW, gridW, loadW, lossW: pvW + batW - acW, forcedCharge: target.forcedCharge, exportLimited };
}
