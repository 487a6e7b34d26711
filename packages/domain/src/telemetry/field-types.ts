import type { MessageKey } from '../i18n/catalogue.js';
import type { LabelledOption } from './labels.js';

/** Monitoring field groups (R3.12 "Monitoring field groups" plus PV, grid and load of the device detail page). */
export const FIELD_GROUPS = [
  'pv',
  'grid',
  'load',
  'bms',
  'pcs',
  'tmeter',
  'gmeter',
  'dehumidifier',
  'liquidCooling',
] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

export const FIELD_UNITS = ['W', 'V', 'A', 'Hz', '%', '°C', 'kWh', 'kΩ', 'bar', 'currency', ''] as const;
export type FieldUnit = (typeof FIELD_UNITS)[number];

/**
 * gauge: an instantaneous value (averaged in charts); counter: a cumulative value that only grows except at its reset
 * (daily / monthly / firmware); state: a coded status with labels; code: an identifier or bit mask, never averaged.
 */
export const FIELD_KINDS = ['gauge', 'counter', 'state', 'code'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** One monitoring field: a typed column of the readings table. */
export interface FieldDef<K extends string = string> {
  key: K;
  group: FieldGroup;
  unit: FieldUnit;
  /** Decimals a device reports and a page shows. */
  decimals: number;
  /** Physically plausible range; a reading with a value outside it is rejected. */
  min: number;
  max: number;
  kind: FieldKind;
  /** Labels of the codes of a state field; other codes are rejected. */
  options?: readonly LabelledOption[];
  /** The catalogue key of the field's label: `field.<key>` in the `fields` namespace (decision 0031). */
  label: MessageKey;
}

type Spec<K extends string> = Omit<FieldDef<K>, 'group'>;

/** The catalogue key of a field's label (fields.test.ts checks every field has its text). */
export const fieldLabel = (key: string): MessageKey => `field.${key}` as MessageKey;

/** An instantaneous measurement. */
export function gauge<const K extends string>(
  key: K,
  unit: FieldUnit,
  decimals: number,
  [min, max]: readonly [number, number],
): Spec<K> {
  return { key, unit, decimals, min, max, kind: 'gauge', label: fieldLabel(key) };
}

/** A cumulative counter, never negative. */
export function counter<const K extends string>(key: K, unit: FieldUnit, decimals: number, max: number): Spec<K> {
  return { key, unit, decimals, min: 0, max, kind: 'counter', label: fieldLabel(key) };
}

/** A coded status: only the listed option values are accepted. */
export function state<const K extends string>(key: K, options: readonly LabelledOption[]): Spec<K> {
  const values = options.map((o) => o.value);
  return {
    key,
    unit: '',
    decimals: 0,
    min: Math.min(...values),
    max: Math.max(...values),
    kind: 'state',
    options,
    label: fieldLabel(key),
  };
}

/** An unsigned integer identifier or bit mask. */
export function code<const K extends string>(key: K, max: number): Spec<K> {
  return { key, unit: '', decimals: 0, min: 0, max, kind: 'code', label: fieldLabel(key) };
}

/** Attaches the group to a list of field specs, keeping the literal keys. */
export function group<const T extends readonly Spec<string>[]>(
  groupName: FieldGroup,
  specs: T,
): { [I in keyof T]: T[I] & { group: FieldGroup } } {
  return specs.map((s) => ({ ...s, group: groupName })) as { [I in keyof T]: T[I] & { group: FieldGroup } };
}

/** Bounds shared by several groups. */
export const RANGE = {
  phaseVoltageV: [0, 500],
  frequencyHz: [0, 70],
  powerFactor: [-1, 1],
  signedPowerW: [-200_000, 200_000],
  powerW: [0, 200_000],
  tempC: [-40, 150],
  insulationKohm: [0, 100_000],
} as const satisfies Record<string, readonly [number, number]>;

/** Daily counters of one device stay far below this; totals below TOTAL_KWH_MAX. */
export const TODAY_KWH_MAX = 100_000;
export const MONTH_KWH_MAX = 3_000_000;
export const TOTAL_KWH_MAX = 1_000_000_000;
export const WORD16_MAX = 0xffff;
export const WORD32_MAX = 0xffff_ffff;
