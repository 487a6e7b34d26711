import { FIELD_GROUPS, type FieldDef, type FieldGroup } from './field-types.js';
import { BMS_FIELDS } from './fields-bms.js';
import { DEHUMIDIFIER_FIELDS, LIQUID_COOLING_FIELDS } from './fields-cabinet.js';
import { GMETER_FIELDS, TMETER_FIELDS } from './fields-meters.js';
import { PCS_FIELDS } from './fields-pcs.js';
import { GRID_FIELDS, LOAD_FIELDS, PV_FIELDS } from './fields-power.js';
import type { MessageKey } from '../i18n/catalogue.js';

/**
 * The catalogue of every monitoring field. Keys are stable: each is a column of the readings table and a key of the
 * MQTT payload, so a key is never renamed or reused; add new fields instead.
 */
export const FIELDS = [
  ...PV_FIELDS,
  ...GRID_FIELDS,
  ...LOAD_FIELDS,
  ...BMS_FIELDS,
  ...PCS_FIELDS,
  ...TMETER_FIELDS,
  ...GMETER_FIELDS,
  ...DEHUMIDIFIER_FIELDS,
  ...LIQUID_COOLING_FIELDS,
] as const;

export type FieldKey = (typeof FIELDS)[number]['key'];
export type Field = FieldDef<FieldKey>;

/** Every field key, in catalogue order (the column order of the readings table). */
export const FIELD_KEYS: readonly FieldKey[] = FIELDS.map((f) => f.key);

const BY_KEY: ReadonlyMap<string, Field> = new Map(FIELDS.map((f) => [f.key, f as Field]));

/** True when a string is a catalogue key. */
export function isFieldKey(key: string): key is FieldKey {
  return BY_KEY.has(key);
}

/** The field definition of a key. */
export function fieldByKey(key: FieldKey): Field;
export function fieldByKey(key: string): Field | undefined;
export function fieldByKey(key: string): Field | undefined {
  return BY_KEY.get(key);
}

/** Fields per group, in catalogue order. */
export const FIELDS_BY_GROUP: Readonly<Record<FieldGroup, readonly Field[]>> = groupFields();

function groupFields(): Record<FieldGroup, Field[]> {
  const byGroup = Object.fromEntries(FIELD_GROUPS.map((g) => [g, [] as Field[]])) as Record<FieldGroup, Field[]>;
  for (const f of FIELDS) byGroup[f.group].push(f as Field);
  return byGroup;
}

/** Group headings of the device detail page. */
export const FIELD_GROUP_NAMES = {
  pv: 'fieldGroup.pv',
  grid: 'fieldGroup.grid',
  load: 'fieldGroup.load',
  bms: 'fieldGroup.bms',
  pcs: 'fieldGroup.pcs',
  tmeter: 'fieldGroup.tmeter',
  gmeter: 'fieldGroup.gmeter',
  dehumidifier: 'fieldGroup.dehumidifier',
  liquidCooling: 'fieldGroup.liquidCooling',
} as const satisfies Record<FieldGroup, MessageKey>;

/** A value rounded to the decimals its field is reported with. */
export function roundToField(key: FieldKey, value: number): number {
  return fieldRounder(key)(value);
}

/** roundToField for one field, the field looked up once (a history series rounds thousands of values). */
export function fieldRounder(key: FieldKey): (value: number) => number {
  const factor = 10 ** fieldByKey(key).decimals;
  return (value) => Math.round(value * factor) / factor;
}
