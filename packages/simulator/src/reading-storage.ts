import type { SimBattery } from './battery.js';
import type { FaultState } from './faults.js';
import type { InverterReadingState } from './inverter-state.js';
import { deviceConstant, wobble, type ValueSink } from './value-sink.js';

const HOUR_MS = 3_600_000;

/** The BMS group of a reading. */
export function batteryValues(
  inv: InverterReadingState,
  battery: SimBattery,
  nowMs: number,
  faults: FaultState,
  sink: ValueSink,
): void {
  const { flow } = inv;
  const p = inv.parameters;
  const packV = battery.packVoltageV(flow.batW);
  // A BMS high-temperature warning (756) comes with a warm pack.
  const hotC = faults.codes.includes(756) ? 16 : 0;
  const tempC =
    20 + 0.3 * ((inv.environment?.ambientC ?? 20) - 20) + (6 * Math.abs(flow.batW)) / battery.maxDischargeW + hotC;
  const cellV = packV / battery.cellsInSeries;
  const spreadV = 0.006 + 0.004 * Math.abs(wobble(inv.sn, 'cellSpread', nowMs, HOUR_MS));
  const tariff = inv.environment?.tariff?.type;
  // Cell numbers of the extremes change hourly, like a real pack's do.
  const cell = (signal: string) =>
    1 + Math.floor(deviceConstant(inv.sn, `${signal}${Math.floor(nowMs / HOUR_MS)}`, 0, battery.cellsInSeries));
  const insulationKohm = deviceConstant(inv.sn, 'batIso', 2000, 5000);

  // No communication with the BMS (1002): the inverter reads it as not running.
  sink.set('bmsRunStatus', faults.codes.includes(1002) ? 0 : 1);
  sink.set('batCdState', flow.batW < -1 ? 0 : flow.batW > 1 ? 1 : 2);
  sink.set('batFCFlag', flow.forcedCharge ? 1 : 0);
  sink.set('batFDFlag', p.workMode === 4 && flow.batW > 1 && (tariff === 1 || tariff === 2) ? 1 : 0);
  sink.set('batVoltageV', packV);
  sink.set('batCurrentA', flow.batW / packV);
  sink.set('batPowerW', flow.batW);
  sink.set('batSocPct', battery.socPct);
  sink.set('batSohPct', battery.sohPct);
  sink.set('batChargeTodayKwh', inv.counters.today.batCharge);
  sink.setLifetime('batChargeTotalKwh', inv.counters.total.batCharge);
  sink.set('batDischargeTodayKwh', inv.counters.today.batDischarge);
  sink.setLifetime('batDischargeTotalKwh', inv.counters.total.batDischarge);
  sink.set('batCycleCount', battery.cycleCount);
  sink.set('batTempC', tempC);
  sink.set('batCellVoltageMaxV', cellV + spreadV);
  sink.set('batCellVoltageMaxNo', cell('vmax'));
  sink.set('batCellVoltageMinV', cellV - spreadV);
  sink.set('batCellVoltageMinNo', cell('vmin'));
  sink.set('batCellTempMaxC', tempC + 1.5);
  sink.set('batCellTempMaxNo', cell('tmax'));
  sink.set('batCellTempMinC', tempC - 1.2);
  sink.set('batCellTempMinNo', cell('tmin'));
  sink.set('batChargeLimitA', battery.maxChargeW / packV);
  sink.set('batDischargeLimitA', battery.maxDischargeW / packV);
  sink.set('batChargeCutoffV', battery.cellsInSeries * 3.55);
  sink.set('batDischargeCutoffV', battery.cellsInSeries * 2.8);
  sink.set('batInsulationPosKohm', insulationKohm);
  sink.set('batInsulationNegKohm', insulationKohm * 1.07);
  sink.set('batWarningWord', 0);
  sink.set('batFaultWord', faults.codes.includes(37) ? 4 : 0);
}

/** Cabinet meter, storage gate meter, dehumidifier and liquid cooling of a C&I or micro-grid installation. */
export function cabinetValues(inv: InverterReadingState, nowMs: number, sink: ValueSink): void {
  const { nominalV } = inv.site.grid;
  const offGrid = inv.parameters.workMode === 3;
  const gridW = inv.flow.gridW;
  const phases = [
    ['tmeterPowerAW', 'tmeterVoltageAV', 'tmeterCurrentAA', 0.34],
    ['tmeterPowerBW', 'tmeterVoltageBV', 'tmeterCurrentBA', 0.33],
    ['tmeterPowerCW', 'tmeterVoltageCV', 'tmeterCurrentCA', 0.33],
  ] as const;
  sink.set('tmeterPowerW', gridW);
  for (const [powerKey, voltageKey, currentKey, share] of phases) {
    const voltageV = offGrid ? 0 : nominalV * (1 + 0.012 * wobble(inv.sn, voltageKey, nowMs));
    sink.set(powerKey, gridW * share);
    sink.set(voltageKey, voltageV);
    sink.set(currentKey, voltageV > 0 ? (gridW * share) / voltageV : 0);
  }
  sink.set('tmeterPowerFactor', offGrid ? 0 : 0.98 + 0.01 * wobble(inv.sn, 'tpf', nowMs));

  const g = inv.counters.gate;
  sink.set('gmeterChargeSharpTodayKwh', g.chargeToday[1]);
  sink.set('gmeterChargePeakTodayKwh', g.chargeToday[2]);
  sink.set('gmeterChargeFlatTodayKwh', g.chargeToday[3]);
  sink.set('gmeterChargeValleyTodayKwh', g.chargeToday[4]);
  sink.set('gmeterDischargeSharpTodayKwh', g.dischargeToday[1]);
  sink.set('gmeterDischargePeakTodayKwh', g.dischargeToday[2]);
  sink.set('gmeterDischargeFlatTodayKwh', g.dischargeToday[3]);
  sink.set('gmeterDischargeValleyTodayKwh', g.dischargeToday[4]);
  sink.set('gmeterChargeTodayKwh', inv.counters.today.batCharge);
  sink.set('gmeterDischargeTodayKwh', inv.counters.today.batDischarge);
  sink.set('gmeterChargeMonthKwh', g.chargeMonthKwh);
  sink.set('gmeterDischargeMonthKwh', g.dischargeMonthKwh);
  sink.setLifetime('gmeterChargeTotalKwh', g.chargeTotalKwh);
  sink.setLifetime('gmeterDischargeTotalKwh', g.dischargeTotalKwh);
  sink.set('gmeterEarningsToday', g.earningsToday);
  sink.set('gmeterEarningsTotal', g.earningsTotal);

  const ambientC = inv.environment?.ambientC ?? 20;
  const humidityPct = 50 + 15 * wobble(inv.sn, 'humidity', nowMs, 6 * HOUR_MS);
  const packC = 20 + 0.3 * (ambientC - 20);
  const inletC = packC < 12 ? 18 : packC > 26 ? 16 : 20;
  sink.set('dehumState', humidityPct > 60 ? 1 : 0);
  sink.set('dehumTempC', 22 + 0.4 * (ambientC - 20));
  sink.set('dehumHumidityPct', humidityPct);
  sink.set('coolingState', packC > 26 ? 1 : packC < 12 ? 2 : 3);
  sink.set('coolingInletTempC', inletC);
  sink.set('coolingOutletTempC', inletC + 1.5 + (3 * Math.abs(inv.flow.batW)) / inv.ratedW);
  sink.set('coolingInletPressureBar', 1.8 + 0.05 * wobble(inv.sn, 'pin', nowMs));
  sink.set('coolingOutletPressureBar', 1.4 + 0.05 * wobble(inv.sn, 'pout', nowMs));
}
