import {
  COMMON_TIME_ZONES,
  FIXED_OFFSET_TIME_ZONES,
  type Plant,
  type PlantListItem,
  type PlantStatus,
} from '@voltfleet/domain/plants';
import { followsDaylightSaving, utcOffsetLabel, utcOffsetMinutes } from '@voltfleet/domain/time';

/** Columns the plant list sorts by. */
export const PLANT_SORT_KEYS = [
  'name',
  'type',
  'powerKw',
  'capacityKwh',
  'pvPowerW',
  'pvEnergyTodayKwh',
  'specificYieldKwhPerKwp',
  'performanceRatio30d',
  'status',
  'activeAlarms',
  'deviceCount',
  'constructionDate',
  'refreshedAt',
] as const;
export type PlantSortKey = (typeof PLANT_SORT_KEYS)[number];

export interface PlantSort {
  sort: PlantSortKey;
  order: 'asc' | 'desc';
}

// Problems first: a plant in alarm matters more than a quiet one.
const STATUS_RANK: Record<PlantStatus, number> = { alarm: 0, normal: 1, offline: 2 };

function sortValue(plant: PlantListItem, key: PlantSortKey): string | number | null {
  if (key === 'status') return STATUS_RANK[plant.status];
  if (key === 'activeAlarms') return plant.activeAlarms.count;
  return plant[key];
}

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** The plants sorted by a column; missing values (never refreshed, no date) go last in both orders. */
export function sortPlants(plants: readonly PlantListItem[], { sort, order }: PlantSort): PlantListItem[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...plants].sort((a, b) => {
    const va = sortValue(a, sort);
    const vb = sortValue(b, sort);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else {
      const byValue = compare(va, vb);
      if (byValue !== 0) return sign * byValue;
    }
    return a.name.localeCompare(b.name) || a.plantId - b.plantId;
  });
}

/** One page of a list (1-based page), clamped to the last page that exists. */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): { items: T[]; page: number } {
  const last = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, page), last);
  return { items: items.slice((current - 1) * pageSize, current * pageSize), page: current };
}

/** The plants whose name or address contains the text, ignoring case and surrounding spaces. */
export function searchPlants<P extends Plant>(plants: readonly P[], text: string): P[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return [...plants];
  return plants.filter(
    (p) => p.name.toLocaleLowerCase().includes(needle) || p.address.toLocaleLowerCase().includes(needle),
  );
}

/** What the plant form adds to a zone's label: a fixed offset, or a zone that follows daylight saving. */
export interface TimeZoneMarks {
  fixed: string;
  daylightSaving: string;
}

/**
 * The time zones offered in the plant form, by offset at `nowMs`: the fixed offsets UTC-11 … UTC+11 in every season
 * ("UTC+10 · fixed offset"), then the named zones ("UTC+1 Europe/Prague · daylight saving" where the offset changes
 * during the year). `current` is kept.
 */
export function timeZoneOptions(
  current: string | undefined,
  nowMs: number,
  marks: TimeZoneMarks,
): { value: string; label: string }[] {
  const fixed = new Set(FIXED_OFFSET_TIME_ZONES);
  const zones: string[] = [...FIXED_OFFSET_TIME_ZONES, ...COMMON_TIME_ZONES];
  if (current && !zones.includes(current)) zones.push(current);
  const label = (zone: string) => {
    const offset = utcOffsetLabel(zone, nowMs);
    if (fixed.has(zone)) return `${offset} · ${marks.fixed}`;
    return followsDaylightSaving(zone, nowMs) ? `${offset} ${zone} · ${marks.daylightSaving}` : `${offset} ${zone}`;
  };
  return zones
    .map((zone) => ({ zone, offset: utcOffsetMinutes(zone, nowMs), named: fixed.has(zone) ? 0 : 1 }))
    .sort((a, b) => a.offset - b.offset || a.named - b.named || a.zone.localeCompare(b.zone))
    .map(({ zone }) => ({ value: zone, label: label(zone) }));
}
