// Maps decoded OSIM query replies to the reading field keys of the telemetry catalogue
// (packages/domain/src/telemetry) by the reply-field table of packages/osim (reading-fields.ts). The codec has already
// applied each field's scale, so values arrive in the units the layout names (V, A, W, Hz, °C, %, kWh); the catalogue
// uses the same units, so no value is rescaled here.
import { faultSetFields, osimFaultCodes, type OsimBmsMaker } from '@voltfleet/domain/alarms';
import { fieldByKey, roundToField, type FieldKey, type ReadingValues } from '@voltfleet/domain/telemetry';
import { osimReadingValues, type OsimValue, type OsimValues } from '@voltfleet/osim';

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
 * The catalogue values of one poll's replies (command code → decoded values), with the powers OSIM does not state
 * itself derived from those it does (`derivePowers`). A value outside its catalogue field's range is left out (and listed in
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
  // The reply fields of packages/osim's one table (`OSIM_READING_FIELDS`, shared with the simulated inverter), each
  // key from its source row (99's load energy, not its 9B copy). A key the catalogue lacks fails the typecheck here.
  for (const { row, value } of osimReadingValues(replies)) {
    const key: FieldKey = row.key;
    const field = fieldByKey(key);
    if (value < field.min || value > field.max) {
      skipped.push({ command: row.command, field: row.field, key, value });
      continue;
    }
    values[key] = roundToField(key, value);
  }
  derivePowers(values);
  const faults = faultCodes(replies.get('1F'), replies.get('1E'), bmsMaker);
  if (faults === undefined) return { values: values as ReadingValues, skipped };
  const fields = faultSetFields(faults);
  values.faultWord = fields.faultWord;
  const extra = fields.faultCodes === undefined ? undefined : { faultCodes: fields.faultCodes };
  return { values: values as ReadingValues, ...(extra ? { extra } : {}), skipped };
}

/** The bits an OSIM bit-list field (onePosition) decoded to; none for anything else. */
/** Sets `key` to `value` when the catalogue field's range holds it (a derived value out of range is left out). */
function setInRange(values: Record<string, number>, key: FieldKey, value: number): void {
  const field = fieldByKey(key);
  if (value >= field.min && value <= field.max) values[key] = roundToField(key, value);
}

/**
 * The powers an OSIM inverter reports only through their parts (issue 36: a storage plant showed no battery power
 * and no load), derived when the parts are there:
 * - `pvPowerW`: the two strings' powers added;
 * - `batPowerW`: the battery's voltage times its current (0A; positive while discharging, as the catalogue's);
 * - `loadPowerW`: what the power stage delivers (0B "DC power", `pcsPowerW`) plus what the grid supplies (0B grid
 *   active power, positive when importing): the balance at the AC side. The power stage's figure includes its
 *   conversion loss, so on a real inverter the load reads high by about that (3 % at most at rated power).
 */
export function derivePowers(values: Record<string, number>): void {
  const { pv1PowerW, pv2PowerW, batVoltageV, batCurrentA, pcsPowerW, gridPowerW } = values;
  if (pv1PowerW !== undefined && pv2PowerW !== undefined) setInRange(values, 'pvPowerW', pv1PowerW + pv2PowerW);
  if (values.batPowerW === undefined && batVoltageV !== undefined && batCurrentA !== undefined)
    setInRange(values, 'batPowerW', batVoltageV * batCurrentA);
  if (values.loadPowerW === undefined && pcsPowerW !== undefined && gridPowerW !== undefined)
    setInRange(values, 'loadPowerW', Math.max(0, pcsPowerW + gridPowerW));
}

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
