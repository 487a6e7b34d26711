import {
  ENERGY_COUNTERS,
  ENERGY_QUANTITIES,
  FIELDS,
  type EnergyQuantity,
  type FieldKey,
} from '@voltfleet/domain/telemetry';

/** `pvEnergyTodayKwh` → `pv_energy_today_kwh`: the readings column of a catalogue field. */
export const columnOf = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

const PG_TYPE = { gauge: 'real', counter: 'float8', state: 'int2', code: 'int8' } as const;
export type FieldColumnType = (typeof PG_TYPE)[keyof typeof PG_TYPE];

/** Every catalogue field with its column and SQL array type, in catalogue order. */
export const FIELD_COLUMNS = FIELDS.map((f): { key: FieldKey; column: string; type: FieldColumnType } => ({
  key: f.key as FieldKey,
  column: columnOf(f.key),
  type: PG_TYPE[f.kind],
}));

/** The energy-delta columns of a quantity: the whole delta and the part in the reading's own local day. */
export const deltaColumns = (q: EnergyQuantity) => ({ kwh: `d_${columnOf(q)}_kwh`, next: `d_${columnOf(q)}_next_kwh` });

/** The counter fields the delta computation reads, as columns. */
export const COUNTER_KEYS: FieldKey[] = ENERGY_QUANTITIES.flatMap((q) => [
  ENERGY_COUNTERS[q].today,
  ENERGY_COUNTERS[q].total,
]);
export const COUNTER_COLUMNS = COUNTER_KEYS.map((key) => ({ key, column: columnOf(key) }));

/** The rollup column of a quantity: `gridImport` → `grid_import_kwh`. */
export const rollupColumn = (q: EnergyQuantity) => `${columnOf(q)}_kwh`;

/** The energy-delta columns of a reading, in table order: each quantity's whole delta, then its part in the next day. */
export const ENERGY_DELTA_COLUMNS = ENERGY_QUANTITIES.flatMap((q) => [deltaColumns(q).kwh, deltaColumns(q).next]);
