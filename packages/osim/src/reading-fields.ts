// The OSIM reply fields that carry the platform's readings (docs/protocol.md, "OSIM readings"): one table for both
// ends, the gateway reading replies into readings (apps/server/src/link/osim-readings.ts) and the simulated inverter
// writing its readings into replies (packages/simulator/src/transport/osim-device.ts). The keys are the reading field
// keys of the telemetry catalogue (@voltfleet/domain); this package does not depend on the domain, so the server's and
// the simulator's types check that every key is one (a key the catalogue lacks fails their typecheck).
import type { OsimValue, OsimValues } from './codec.js';
import type { CommandDef, FieldDef } from './layout.js';

/** One OSIM reply field carrying one reading field. */
export interface OsimReadingField {
  /** The reply command the field comes in (`0A`, `0B`, …). */
  readonly command: string;
  /** The field's key in the OSIM layout. */
  readonly field: string;
  /** The reading field's key in the telemetry catalogue. */
  readonly key: string;
  /**
   * A lifetime counter: rounded up to the field's step, so a coarse total (whole kWh) never reads below the day's
   * counter (0.1 kWh) of the same energy on a device's first day.
   */
  readonly lifetime?: true;
}

/**
 * Field for field, valid for the layouts from PCU 252 on. The codec applies each field's scale, so values are in the
 * units the layout names (V, A, W, Hz, °C, %, kWh), the catalogue's units too: nothing is rescaled.
 * - 0A battery block: voltage, current, temperature, SOC, SOH, current limits, cut-off voltages, cycle count and the
 *   battery's warning and error words.
 * - 0B PV / grid / backup block: PV strings, grid phases, frequency, power factor, grid active power, backup phase A
 *   voltage, frequency and active power, internal and module temperatures, DC bus voltage, DC power, efficiency.
 * - 0C running status: the "inverter switched on" bit.
 * - 99 / 9A / 9B / 9C energy (one query, four reply frames): PV and load today (0.1 kWh) and total (kWh); 9A is the
 *   energy fed into the grid (export), 9C the energy bought from the grid (import) and the battery's charge and
 *   discharge. 9B ("load power data") repeats 99's load energy: a device fills both, and a key carried twice is read
 *   from its first row (`OSIM_READING_SOURCES`), so a reading holds each key once.
 */
export const OSIM_READING_FIELDS = [
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
  { command: '99', field: 'totalPhotovoltaicPowerGeneration', key: 'pvEnergyTotalKwh', lifetime: true },
  { command: '99', field: 'loadDailyPowerConsumption', key: 'loadEnergyTodayKwh' },
  { command: '99', field: 'totalLoadPowerConsumption', key: 'loadEnergyTotalKwh', lifetime: true },
  { command: '9A', field: 'gridConnectedElectricityConsumptionToday', key: 'gridExportTodayKwh' },
  { command: '9A', field: 'gridConnectedTotalPowerConsumption', key: 'gridExportTotalKwh', lifetime: true },
  { command: '9B', field: 'loadTodaySPowerConsumption', key: 'loadEnergyTodayKwh' },
  { command: '9B', field: 'totalLoadPowerConsumption', key: 'loadEnergyTotalKwh', lifetime: true },
  { command: '9C', field: 'theGridBuysElectricityOnTheSameDay', key: 'gridImportTodayKwh' },
  { command: '9C', field: 'totalGridElectricityPurchase', key: 'gridImportTotalKwh', lifetime: true },
  { command: '9C', field: 'batteryChargingOnTheDay', key: 'batChargeTodayKwh' },
  { command: '9C', field: 'batteryDischargeOnTheDay', key: 'batDischargeTodayKwh' },
  { command: '9C', field: 'totalDailyBatteryCharge', key: 'batChargeTotalKwh', lifetime: true },
  { command: '9C', field: 'totalDailyBatteryDischarge', key: 'batDischargeTotalKwh', lifetime: true },
] as const satisfies readonly OsimReadingField[];

export type OsimReadingRow = (typeof OSIM_READING_FIELDS)[number];
/** The reading field keys OSIM carries. */
export type OsimReadingKey = OsimReadingRow['key'];

/**
 * The row each key is read from: its first in `OSIM_READING_FIELDS` (99 for the load energy, not its 9B copy), so a
 * poll yields each key at most once.
 */
export const OSIM_READING_SOURCES: readonly OsimReadingRow[] = OSIM_READING_FIELDS.filter(
  (row, i) => OSIM_READING_FIELDS.findIndex((first) => first.key === row.key) === i,
);

/**
 * A value rounded to what the field can carry: its scale's step, whole numbers when unscaled; `up` rounds up (a
 * lifetime counter), ignoring float noise below a millionth of a step.
 */
export function osimWireValue(field: FieldDef, value: number, up = false): number {
  const step = field.scale ?? 1;
  const digits = String(step).split('.')[1]?.length ?? 0;
  const steps = up ? Math.ceil(value / step - 1e-6) : Math.round(value / step);
  return Number((steps * step).toFixed(digits));
}

/** Reading values by key, as a device holds them (any key may be absent). */
export type OsimReadingInput = Readonly<Partial<Record<OsimReadingKey, number | undefined>>>;

/**
 * The values of a reply's reading fields for a reading (every row of the reply's command, copies included), each
 * rounded to what the field carries; fields the layout lacks and keys the reading lacks are left out.
 */
export function osimReadingReplyValues(command: CommandDef, reading: OsimReadingInput): Record<string, number> {
  const values: Record<string, number> = {};
  for (const row of OSIM_READING_FIELDS) {
    if (row.command !== command.code) continue;
    const value = reading[row.key];
    const field = command.fields.find((f) => f.key === row.field);
    if (value !== undefined && field) values[row.field] = osimWireValue(field, value, 'lifetime' in row);
  }
  return values;
}

/** One reading field a poll's replies carry: its source row and the decoded number. */
export interface OsimReadingValue {
  readonly row: OsimReadingRow;
  readonly value: number;
}

/**
 * The reading fields in a poll's decoded replies (reply command code → values), from each key's source row; a field
 * that is absent or not a finite number is left out. Ranges are the catalogue's to check.
 */
export function osimReadingValues(replies: ReadonlyMap<string, OsimValues>): OsimReadingValue[] {
  const found: OsimReadingValue[] = [];
  for (const row of OSIM_READING_SOURCES) {
    const value: OsimValue | undefined = replies.get(row.command)?.[row.field];
    if (typeof value === 'number' && Number.isFinite(value)) found.push({ row, value });
  }
  return found;
}
