import { faultSetFields } from '@voltfleet/domain/alarms';
import { type ReadingValues } from '@voltfleet/domain/telemetry';
import { SIM_WARNINGS, type FaultState } from './faults.js';
import type { InverterReadingState } from './inverter-state.js';
import { batteryValues, cabinetValues } from './reading-storage.js';
import { ValueSink, deviceConstant, wobble } from './value-sink.js';

/** Module voltage at the maximum power point at 25 °C. */
const MODULE_VMP_V = 31.5;
const MODULE_PEAK_W = 410;

/** How far a grid trip's grid is out of its limits, as the inverter measures it. */
const GRID_SYMPTOMS: Readonly<Record<number, { voltage?: number; frequencyHz?: number }>> = {
  7: { voltage: 1.12 },
  8: { voltage: 0.82 },
  9: { frequencyHz: 0.6 },
  10: { frequencyHz: -0.6 },
};

/** The values of one reading of an inverter at `nowMs`, from its last step, with the faults active then. */
export function readingValues(inv: InverterReadingState, nowMs: number, faults: FaultState): ReadingValues {
  const sink = new ValueSink();
  pvValues(inv, faults, sink);
  gridAndLoadValues(inv, nowMs, faults, sink);
  pcsValues(inv, nowMs, faults, sink);
  if (inv.battery) batteryValues(inv, inv.battery, nowMs, faults, sink);
  if (inv.site.hasCabinet) cabinetValues(inv, nowMs, sink);
  return sink.values;
}

function pvValues(inv: InverterReadingState, faults: FaultState, sink: ValueSink): void {
  const env = inv.environment;
  const offered = env ? env.pv1W + env.pv2W : 0;
  // Clipping and export limiting move both strings off their maximum power point alike.
  const used = offered > 0 ? inv.flow.pvW / offered : 0;
  const strings = [
    {
      peakW: inv.pvPeakW.pv1,
      offeredW: env?.pv1W ?? 0,
      lost: false,
      keys: ['pv1VoltageV', 'pv1CurrentA', 'pv1PowerW'],
      over: 27,
    },
    {
      peakW: inv.pvPeakW.pv2,
      offeredW: env?.pv2W ?? 0,
      lost: env?.pv2Lost === true,
      keys: ['pv2VoltageV', 'pv2CurrentA', 'pv2PowerW'],
      over: 29,
    },
  ] as const;
  for (const s of strings) {
    const modules = Math.max(1, Math.round(s.peakW / MODULE_PEAK_W));
    // A lost string is cut off from the inverter: no voltage at its input, whatever the sun.
    const lit = env !== undefined && env.poaWm2 > 2 && s.peakW > 0 && !s.lost;
    const vmp = modules * MODULE_VMP_V * (1 - 0.0035 * ((env?.cellC ?? 25) - 25));
    const powerW = s.offeredW * used;
    // An unloaded string in daylight sits near open-circuit voltage; one in overvoltage above it.
    const idleV = faults.codes.includes(s.over) ? vmp * 1.35 : vmp * 1.2;
    const voltageV = !lit ? 0 : powerW > 0 ? vmp : idleV;
    sink.set(s.keys[0], voltageV);
    sink.set(s.keys[1], voltageV > 0 ? powerW / voltageV : 0);
    sink.set(s.keys[2], powerW);
  }
  sink.set('pvPowerW', inv.flow.pvW);
  sink.set('pvEnergyTodayKwh', inv.counters.today.pv);
  sink.setLifetime('pvEnergyTotalKwh', inv.counters.total.pv);
}

function gridAndLoadValues(inv: InverterReadingState, nowMs: number, faults: FaultState, sink: ValueSink): void {
  const { nominalV, frequencyHz } = inv.site.grid;
  const islanded = inv.parameters.workMode === 3;
  // No grid at the terminals: a micro-grid, or a grid loss.
  const offGrid = islanded || faults.gridLost;
  const running = inv.parameters.onOff === 1 && !faults.stopped;
  let voltageFactor = 1;
  let frequencyOffsetHz = 0;
  for (const code of faults.codes) {
    voltageFactor = GRID_SYMPTOMS[code]?.voltage ?? voltageFactor;
    frequencyOffsetHz = GRID_SYMPTOMS[code]?.frequencyHz ?? frequencyOffsetHz;
  }
  const phases = [
    ['gridVoltageAV', 'gridCurrentAA'],
    ['gridVoltageBV', 'gridCurrentBA'],
    ['gridVoltageCV', 'gridCurrentCA'],
  ] as const;
  for (const [voltageKey, currentKey] of phases) {
    const voltageV = offGrid ? 0 : nominalV * voltageFactor * (1 + 0.015 * wobble(inv.sn, voltageKey, nowMs));
    sink.set(voltageKey, voltageV);
    sink.set(currentKey, voltageV > 0 ? inv.flow.gridW / 3 / voltageV : 0);
  }
  const gridHz = frequencyHz + frequencyOffsetHz + 0.03 * wobble(inv.sn, 'frequency', nowMs, 30_000);
  sink.set('gridFrequencyHz', offGrid ? 0 : gridHz);
  sink.set('gridPowerW', inv.flow.gridW);
  sink.set('gridPowerFactor', offGrid ? 0 : 0.985 + 0.01 * wobble(inv.sn, 'pf', nowMs));
  sink.set('gridImportTodayKwh', inv.counters.today.gridImport);
  sink.setLifetime('gridImportTotalKwh', inv.counters.total.gridImport);
  sink.set('gridExportTodayKwh', inv.counters.today.gridExport);
  sink.setLifetime('gridExportTotalKwh', inv.counters.total.gridExport);

  sink.set('loadPowerW', inv.flow.loadW);
  sink.set('loadEnergyTodayKwh', inv.counters.today.load);
  sink.setLifetime('loadEnergyTotalKwh', inv.counters.total.load);
  // The backup port carries the load off-grid; on-grid it idles at grid voltage.
  sink.set('backupVoltageAV', running ? nominalV : 0);
  sink.set('backupPowerW', offGrid ? inv.flow.loadW : 0);
  sink.set('backupFrequencyHz', running ? frequencyHz : 0);
}

function pcsValues(inv: InverterReadingState, nowMs: number, faults: FaultState, sink: ValueSink): void {
  const p = inv.parameters;
  const running = p.onOff === 1 && !faults.stopped;
  const { flow } = inv;
  const dcW = flow.pvW + flow.batW;
  const offGrid = p.workMode === 3 || faults.gridLost;
  const pcsState = p.onOff === 0 ? 8 : faults.stopped ? 7 : offGrid ? 2 : Math.abs(dcW) > 1 ? 1 : 0;
  const ambientC = inv.environment?.ambientC ?? 20;
  // An IGBT over temperature (67) runs the modules far hotter than the load explains.
  const overheatC = faults.derated ? 30 : 0;
  const tempC = ambientC + (running ? 6 + (30 * Math.abs(flow.acW)) / inv.ratedW : 2) + overheatC / 3;
  const socLow = inv.battery !== undefined && inv.battery.socPct <= p.socLowerLimitPct + 0.5;
  const warningWord =
    (socLow ? 2 ** SIM_WARNINGS.socAtLowerLimit : 0) +
    (flow.exportLimited ? 2 ** SIM_WARNINGS.exportLimited : 0) +
    (tempC > 65 ? 2 ** SIM_WARNINGS.highTemperature : 0);
  const insulationKohm = faults.codes.includes(63) ? 25 : deviceConstant(inv.sn, 'pcsIso', 1500, 3500);

  sink.set('pcsState', pcsState);
  sink.set('pcsOnOff', p.onOff);
  sink.set('pcsWorkMode', p.workMode);
  // The whole fault set: codes 1–32 here, the rest in the reading's extra.faultCodes (SimInverter.reading).
  sink.set('faultWord', faultSetFields(faults.codes).faultWord);
  sink.set('warningWord', warningWord);
  sink.set('pcsTempC', tempC);
  sink.set('pcsModuleTempAC', tempC + 4 + overheatC);
  sink.set('pcsModuleTempBC', tempC + 4.6 + overheatC * 0.8);
  sink.set('pcsModuleTempCC', tempC + 5.1 + overheatC * 0.8);
  sink.set('pcsPowerW', flow.acW);
  sink.set('pcsBusVoltageV', running ? 720 + 15 * wobble(inv.sn, 'bus', nowMs) : 0);
  sink.set(
    'pcsEfficiencyPct',
    Math.abs(dcW) > 50
      ? (100 * Math.min(Math.abs(flow.acW), Math.abs(dcW))) / Math.max(Math.abs(flow.acW), Math.abs(dcW))
      : 0,
  );
  sink.set('pcsEnergyTodayKwh', inv.counters.pcsTodayKwh);
  sink.setLifetime('pcsEnergyTotalKwh', inv.counters.pcsTotalKwh);
  sink.set('pcsInsulationPosKohm', insulationKohm);
  sink.set('pcsInsulationNegKohm', insulationKohm * 0.93);
}
