import { COMMON_TIME_ZONES, type Plant, type PlantListItem, type PlantStatus } from '@voltfleet/domain/plants';
import { utcOffsetLabel, utcOffsetMinutes } from '@voltfleet/domain/time';

/** Columns the plant list sorts by. */
export const PLANT_SORT_KEYS = [
  'name',
  'type',
  'powerKw',
  'capacityKwh',
  'pvPowerW',
  'pvEnergyTodayKwh',
  'specificYieldKwhPerKwp',
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

/** The time zones offered in the plant form, labelled "UTC+1 Europe/Prague", by offset; `current` is kept. */
export function timeZoneOptions(current: string | undefined, nowMs: number): { value: string; label: string }[] {
  const zones: string[] = [...COMMON_TIME_ZONES];
  if (current && !zones.includes(current)) zones.push(current);
  return zones
    .map((zone) => ({ zone, offset: utcOffsetMinutes(zone, nowMs) }))
    .sort((a, b) => a.offset - b.offset || a.zone.localeCompare(b.zone))
    .map(({ zone }) => ({ value: zone, label: `${utcOffsetLabel(zone, nowMs)} ${zone}` }));
}
