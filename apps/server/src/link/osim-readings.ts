// Maps decoded OSIM query replies to the reading field keys of the telemetry catalogue
// (packages/domain/src/telemetry). The codec has already applied each field's scale, so values arrive in the units the
// layout names (V, A, W, Hz, °C, %, kWh); the catalogue uses the same units, so no value is rescaled here.
import {
  faultSetFields,
  fieldByKey,
  osimFaultCodes,
  roundToField,
  type FieldKey,
  type OsimBmsMaker,
  type ReadingValues,
} from '@voltfleet/domain';
import type { OsimValue, OsimValues } from '@voltfleet/osim';

/** One OSIM field copied to one catalogue key. */
export interface OsimFieldMapping {
  /** The reply command the field comes in (`0A`, `0B`, …). */
  readonly command: string;
  /** The field's key in the OSIM layout. */
  readonly field: string;
  readonly key: FieldKey;
}

/**
 * Field-for-field mapping, valid for the layouts from PCU 252 on (docs/protocol.md, "OSIM readings"):
 * - 0A battery block: voltage, current, temperature, SOC, SOH, current limits, cut-off voltages, cycle count and the
 *   battery's warning and error words.
 * - 0B PV / grid / backup block: PV strings, grid phases, frequency, power factor, grid active power, backup phase A
 *   voltage, frequency and active power, internal and module temperatures, DC bus voltage, DC power, efficiency.
 * - 0C running status: the "inverter switched on" bit.
 * - 99 / 9A / 9C energy: PV and load today (0.1 kWh) and total (kWh); 9A is the energy fed into the grid (export),
 *   9C the energy bought from the grid (import) and the battery's charge and discharge.
 */
export const OSIM_FIELD_MAPPINGS: readonly OsimFieldMapping[] = [
  { command: '0A', field: 'batteryVoltage', key: 'batVoltageV' },
  { command: '0A', field: 'batteryCurrent', key: 'batCurrentA' },
  { command: '0A', field: 'batteryTemperature', key: 'batTempC' },
  { command: '0A', field: 'batterySoc', key: 'batSocPct' },
  { command: '0A', field: 'batterySoh', key: 'batSohPct' },
  { command: '0A', field: 'batteryMaxChargingCurrent', key: 'batChargeLimitA' },
  { command: '0A', field: 'batteryMaxDischargingCurrent', key: 'batDischargeLimitA' },
  { command: '0A', field: 'chargeCutOffVoltage', key: 'batChargeCutoffV' },
  { command: '0A', field: 'dischargeCutOffVoltage', key: 'batDischargeCutoffV' },
  { command: '0A', field: 'chargeDischargeTimes', key: 'batCycleCount' },
  { command: '0A', field: 'batteryWarning', key: 'batWarningWord' },
  { command: '0A', field: 'batteryError', key: 'batFaultWord' },
  { command: '0B', field: 'pv1Voltage', key: 'pv1VoltageV' },
  { command: '0B', field: 'pv1Current', key: 'pv1CurrentA' },
  { command: '0B', field: 'pv1Power', key: 'pv1PowerW' },
  { command: '0B', field: 'pv2Voltage', key: 'pv2VoltageV' },
  { command: '0B', field: 'pv2Current', key: 'pv2CurrentA' },
  { command: '0B', field: 'pv2Power', key: 'pv2PowerW' },
  { command: '0B', field: 'gridAPhaseVoltage', key: 'gridVoltageAV' },
  { command: '0B', field: 'gridBPhaseVoltage', key: 'gridVoltageBV' },
  { command: '0B', field: 'gridCPhaseVoltage', key: 'gridVoltageCV' },
  { command: '0B', field: 'gridAPhaseCurrent', key: 'gridCurrentAA' },
  { command: '0B', field: 'gridBPhaseCurrent', key: 'gridCurrentBA' },
  { command: '0B', field: 'gridCPhaseCurrent', key: 'gridCurrentCA' },
  { command: '0B', field: 'gridFrequency', key: 'gridFrequencyHz' },
  { command: '0B', field: 'powerFactor', key: 'gridPowerFactor' },
  { command: '0B', field: 'gridActivePower', key: 'gridPowerW' },
  { command: '0B', field: 'backupPhaseAVoltage', key: 'backupVoltageAV' },
  { command: '0B', field: 'backupVoltageFrequency', key: 'backupFrequencyHz' },
  // The reference labels backup active power "VA" and apparent power "W"; the active power is in W.
  { command: '0B', field: 'backupActivePower', key: 'backupPowerW' },
  { command: '0B', field: 'internalTemperature', key: 'pcsTempC' },
  { command: '0B', field: 'moduleA1Temperature', key: 'pcsModuleTempAC' },
  { command: '0B', field: 'moduleB1Temperature', key: 'pcsModuleTempBC' },
  { command: '0B', field: 'moduleC1Temperature', key: 'pcsModuleTempCC' },
  { command: '0B', field: 'dcBilateralBusVoltage', key: 'pcsBusVoltageV' },
  { command: '0B', field: 'dcPower', key: 'pcsPowerW' },
  { command: '0B', field: 'workEfficiency', key: 'pcsEfficiencyPct' },
  { command: '0C', field: 'onOff', key: 'pcsOnOff' },
  { command: '99', field: 'pvDailyPowerGeneration', key: 'pvEnergyTodayKwh' },
  { command: '99', field: 'totalPhotovoltaicPowerGeneration', key: 'pvEnergyTotalKwh' },
  { command: '99', field: 'loadDailyPowerConsumption', key: 'loadEnergyTodayKwh' },
  { command: '99', field: 'totalLoadPowerConsumption', key: 'loadEnergyTotalKwh' },
  { command: '9A', field: 'gridConnectedElectricityConsumptionToday', key: 'gridExportTodayKwh' },
  { command: '9A', field: 'gridConnectedTotalPowerConsumption', key: 'gridExportTotalKwh' },
  { command: '9C', field: 'theGridBuysElectricityOnTheSameDay', key: 'gridImportTodayKwh' },
  { command: '9C', field: 'totalGridElectricityPurchase', key: 'gridImportTotalKwh' },
  { command: '9C', field: 'batteryChargingOnTheDay', key: 'batChargeTodayKwh' },
  { command: '9C', field: 'batteryDischargeOnTheDay', key: 'batDischargeTodayKwh' },
  { command: '9C', field: 'totalDailyBatteryCharge', key: 'batChargeTotalKwh' },
  { command: '9C', field: 'totalDailyBatteryDischarge', key: 'batDischargeTotalKwh' },
];

/**
 * Result of mapping one poll: the catalogue values, the active fault codes from 33 on (`extra.faultCodes`), and the
 * OSIM fields left out because they were out of range.
 */
export interface MappedReading {
  readonly values: ReadingValues;
  readonly extra?: { readonly faultCodes: string };
  readonly skipped: readonly { command: string; field: string; key: FieldKey; value: OsimValue }[];
}

/**
 * The catalogue values of one poll's replies (command code → decoded values). `pvPowerW` is the sum of the two PV
 * string powers when both are present. A value outside its catalogue field's range is left out (and listed in
 * `skipped`) rather than refusing the whole poll; the ingest validates what remains like any MQTT reading.
 *
 * Faults: every active code of 0x1F (five fault status words, codes 1–80) and 0x1E (bmsWarn1, the BMS warnings of
 * `bmsMaker`'s block) as the whole fault set, codes 1–32 in faultWord and the rest in `extra.faultCodes`
 * (packages/domain `osimFaultCodes`, `faultSetFields`). The gateway reads the generic block: OSIM names the battery
 * by numbers (98 batteryManufacturer, 95 batteryProtocol) that the vendor reference does not list.
 */
export function mapOsimReplies(
  replies: ReadonlyMap<string, OsimValues>,
  bmsMaker: OsimBmsMaker = 'generic',
): MappedReading {
  const values: Record<string, number> = {};
  const skipped: { command: string; field: string; key: FieldKey; value: OsimValue }[] = [];
  for (const m of OSIM_FIELD_MAPPINGS) {
    const value = replies.get(m.command)?.[m.field];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const field = fieldByKey(m.key);
    if (value < field.min || value > field.max) {
      skipped.push({ ...m, value });
      continue;
    }
    values[m.key] = roundToField(m.key, value);
  }
  const pv1 = values.pv1PowerW;
  const pv2 = values.pv2PowerW;
  if (pv1 !== undefined && pv2 !== undefined) {
    const total = pv1 + pv2;
    if (total >= fieldByKey('pvPowerW').min && total <= fieldByKey('pvPowerW').max) values.pvPowerW = total;
  }
  const faults = faultCodes(replies.get('1F'), replies.get('1E'), bmsMaker);
  if (faults === undefined) return { values: values as ReadingValues, skipped };
  const fields = faultSetFields(faults);
  values.faultWord = fields.faultWord;
  const extra = fields.faultCodes === undefined ? undefined : { faultCodes: fields.faultCodes };
  return { values: values as ReadingValues, ...(extra ? { extra } : {}), skipped };
}

/** The bits an OSIM bit-list field (onePosition) decoded to; none for anything else. */
function bitList(value: OsimValue | undefined): number[] {
  return Array.isArray(value) ? value.filter((bit): bit is number => typeof bit === 'number') : [];
}

/** The active device fault codes of a poll's 1F and 1E replies; undefined without a 1F reply (nothing stated). */
function faultCodes(
  system: OsimValues | undefined,
  bms: OsimValues | undefined,
  maker: OsimBmsMaker,
): number[] | undefined {
  if (!system || !Array.isArray(system.sysFault1)) return undefined;
  const words = ['sysFault1', 'sysFault2', 'sysFault3', 'sysFault4', 'sysFault5'].map((key) => bitList(system[key]));
  return osimFaultCodes(words, bitList(bms?.bmsWarn1), maker);
}
