import {
  FIELD_GROUPS,
  FIELDS_BY_GROUP,
  REALTIME_CORE_GROUPS,
  roundToField,
  type FieldGroup,
  type RealtimeGroup,
} from '@voltfleet/domain/telemetry';
import { columnOf } from '../telemetry/index.js';

/** A reading as read back: columns named by field key, and its time. */
export type ReadingRow = Record<string, unknown>;

/** A reading column as a number: int8 columns may come back as bigint depending on the engine. */
function numeric(raw: unknown): number | null {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'bigint') return Number(raw);
  return null;
}

/** Every monitoring field's column, named by its key (the columns a device's newest reading is read with). */
export const REALTIME_FIELD_SQL = FIELD_GROUPS.flatMap((g) => FIELDS_BY_GROUP[g]).map(
  (f) => `${columnOf(f.key)} AS "${f.key}"`,
);

/** The battery group's columns alone (a battery's values in its inverter's reading). */
export const BMS_FIELD_SQL = FIELDS_BY_GROUP.bms.map((f) => `${columnOf(f.key)} AS "${f.key}"`);

/** A catalogue group's values in a reading, rounded to their decimals; null for what the reading did not carry. */
export const groupOf = (group: FieldGroup, reading: ReadingRow | undefined): RealtimeGroup => ({
  group,
  values: FIELDS_BY_GROUP[group].map((f) => {
    const raw = numeric(reading?.[f.key]);
    return { key: f.key, unit: f.unit, decimals: f.decimals, value: raw === null ? null : roundToField(f.key, raw) };
  }),
});

/**
 * A device's own reading by monitoring group: the five core groups always (a value the reading did not carry is
 * null), the others only when the reading carries one of their values.
 */
export function realtimeGroupsOf(reading: ReadingRow | undefined): RealtimeGroup[] {
  const core = new Set<FieldGroup>(REALTIME_CORE_GROUPS);
  return FIELD_GROUPS.map((group) => groupOf(group, reading)).filter(
    (g) => core.has(g.group) || g.values.some((v) => v.value !== null),
  );
}

/** The reading's time (UTC), null without a reading. */
export const tsOf = (reading: ReadingRow | undefined): string | null =>
  reading?.ts instanceof Date ? reading.ts.toISOString() : null;
