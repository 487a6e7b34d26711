import type { ReadingValues } from '@voltfleet/domain';
import { SIM_WARNINGS, faultWordOf } from './faults.js';
import type { SimInverter } from './inverter.js';
import { batteryValues, cabinetValues } from './reading-storage.js';
import { ValueSink, deviceConstant, wobble } from './value-sink.js';

/** Module voltage at the maximum power point at 25 °C. */
const MODULE_VMP_V = 31.5;
const MODULE_PEAK_W = 410;

/** The values of one reading of an inverter at `nowMs`, from its last step. */
export function readingValues(inv: SimInverter, nowMs: number): ReadingValues {
  const sink = new ValueSink();
  pvValues(inv, sink);
  gridAndLoadValues(inv, nowMs, sink);
  pcsValues(inv, nowMs, sink);
  if (inv.battery) batteryValues(inv, inv.battery, nowMs, sink);
  if (inv.site.hasCabinet) cabinetValues(inv, nowMs, sink);
  return sink.values;
}

function pvValues(inv: SimInverter, sink: ValueSink): void {
  const env = inv.environment;
  const offered = env ? env.pv1W + env.pv2W : 0;
  // Clipping and export limiting move both strings off their maximum power point alike.
  const used = offered > 0 ? inv.flow.pvW / offered : 0;
  const strings = [
    { peakW: inv.pvPeakW.pv1, offeredW: env?.pv1W ?? 0, keys: ['pv1VoltageV', 'pv1CurrentA', 'pv1PowerW'] },
    { peakW: inv.pvPeakW.pv2, offeredW: env?.pv2W ?? 0, keys: ['pv2VoltageV', 'pv2CurrentA', 'pv2PowerW'] },
  ] as const;
  for (const s of strings) {
    const modules = Math.max(1, Math.round(s.peakW / MODULE_PEAK_W));
    const lit = env !== undefined && env.poaWm2 > 2 && s.peakW > 0;
    const vmp = modules * MODULE_VMP_V * (1 - 0.0035 * ((env?.cellC ?? 25) - 25));
    const powerW = s.offeredW * used;
    // An unloaded string in daylight sits near open-circuit voltage.
    const voltageV = !lit ? 0 : powerW > 0 ? vmp : vmp * 1.2;
    sink.set(s.keys[0], voltageV);
    sink.set(s.keys[1], voltageV > 0 ? powerW / voltageV : 0);
    sink.set(s.keys[2], powerW);
  }
  sink.set('pvPowerW', inv.flow.pvW);
  sink.set('pvEnergyTodayKwh', inv.counters.today.pv);
  sink.set('pvEnergyTotalKwh', inv.counters.total.pv);
}

function gridAndLoadValues(inv: SimInverter, nowMs: number, sink: ValueSink): void {
  const { nominalV, frequencyHz } = inv.site.grid;
  const offGrid = inv.parameters.workMode === 3;
  const running = inv.parameters.onOff === 1 && inv.faultAt(nowMs) === undefined;
  const phases = [
    ['gridVoltageAV', 'gridCurrentAA'],
    ['gridVoltageBV', 'gridCurrentBA'],
    ['gridVoltageCV', 'gridCurrentCA'],
  ] as const;
  for (const [voltageKey, currentKey] of phases) {
    const voltageV = offGrid ? 0 : nominalV * (1 + 0.015 * wobble(inv.sn, voltageKey, nowMs));
    sink.set(voltageKey, voltageV);
    sink.set(currentKey, voltageV > 0 ? inv.flow.gridW / 3 / voltageV : 0);
  }
  sink.set('gridFrequencyHz', offGrid ? 0 : frequencyHz + 0.03 * wobble(inv.sn, 'frequency', nowMs, 30_000));
  sink.set('gridPowerW', inv.flow.gridW);
  sink.set('gridPowerFactor', offGrid ? 0 : 0.985 + 0.01 * wobble(inv.sn, 'pf', nowMs));
  sink.set('gridImportTodayKwh', inv.counters.today.gridImport);
  sink.set('gridImportTotalKwh', inv.counters.total.gridImport);
  sink.set('gridExportTodayKwh', inv.counters.today.gridExport);
  sink.set('gridExportTotalKwh', inv.counters.total.gridExport);

  sink.set('loadPowerW', inv.flow.loadW);
  sink.set('loadEnergyTodayKwh', inv.counters.today.load);
  sink.set('loadEnergyTotalKwh', inv.counters.total.load);
  // The backup port carries the load off-grid; on-grid it idles at grid voltage.
  sink.set('backupVoltageAV', running ? nominalV : 0);
  sink.set('backupPowerW', offGrid ? inv.flow.loadW : 0);
  sink.set('backupFrequencyHz', running ? frequencyHz : 0);
}

function pcsValues(inv: SimInverter, nowMs: number, sink: ValueSink): void {
  const p = inv.parameters;
  const fault = inv.faultAt(nowMs)?.fault;
  const running = p.onOff === 1 && fault === undefined;
  const { flow } = inv;
  const dcW = flow.pvW + flow.batW;
  const pcsState = p.onOff === 0 ? 8 : fault ? 7 : p.workMode === 3 ? 2 : Math.abs(dcW) > 1 ? 1 : 0;
  const ambientC = inv.environment?.ambientC ?? 20;
  const tempC = ambientC + (running ? 6 + (30 * Math.abs(flow.acW)) / inv.ratedW : 2);
  const socLow = inv.battery !== undefined && inv.battery.socPct <= p.socLowerLimitPct + 0.5;
  const warningWord =
    (socLow ? 2 ** SIM_WARNINGS.socAtLowerLimit : 0) +
    (flow.exportLimited ? 2 ** SIM_WARNINGS.exportLimited : 0) +
    (tempC > 65 ? 2 ** SIM_WARNINGS.highTemperature : 0);
  const insulationKohm = fault?.code === 'insulationLow' ? 25 : deviceConstant(inv.sn, 'pcsIso', 1500, 3500);

  sink.set('pcsState', pcsState);
  sink.set('pcsOnOff', p.onOff);
  sink.set('pcsWorkMode', p.workMode);
  sink.set('faultWord', faultWordOf(fault));
  sink.set('warningWord', warningWord);
  sink.set('pcsTempC', tempC);
  sink.set('pcsModuleTempAC', tempC + 4);
  sink.set('pcsModuleTempBC', tempC + 4.6);
  sink.set('pcsModuleTempCC', tempC + 5.1);
  sink.set('pcsPowerW', flow.acW);
  sink.set('pcsBusVoltageV', running ? 720 + 15 * wobble(inv.sn, 'bus', nowMs) : 0);
  sink.set(
    'pcsEfficiencyPct',
    Math.abs(dcW) > 50
      ? (100 * Math.min(Math.abs(flow.acW), Math.abs(dcW))) / Math.max(Math.abs(flow.acW), Math.abs(dcW))
      : 0,
  );
  sink.set('pcsEnergyTodayKwh', inv.counters.pcsTodayKwh);
  sink.set('pcsEnergyTotalKwh', inv.counters.pcsTotalKwh);
  sink.set('pcsInsulationPosKohm', insulationKohm);
  sink.set('pcsInsulationNegKohm', insulationKohm * 0.93);
}
