import type { CommandDevice } from '@voltfleet/domain/commands';

/** How many of the selection share one value (a plant, a model). */
export interface Share {
  name: string;
  count: number;
}

export interface SelectionSummary {
  count: number;
  /** Plants by name; devices not installed in a plant are `unassigned`. */
  plants: Share[];
  unassigned: number;
  models: Share[];
}

const shares = (names: readonly string[]): Share[] => {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  // Largest first, then by name: what the selection is mostly made of reads first.
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
};

/** What a selection is made of, shown before Issue: how many devices, of which plants and models. */
export function summarise(devices: readonly CommandDevice[]): SelectionSummary {
  return {
    count: devices.length,
    plants: shares(devices.flatMap((d) => (d.plantName === null ? [] : [d.plantName]))),
    unassigned: devices.filter((d) => d.plantName === null).length,
    models: shares(devices.map((d) => d.model)),
  };
}

/** `selected` plus `added`, each device once, in the order first chosen. */
export function withDevices(selected: readonly CommandDevice[], added: readonly CommandDevice[]): CommandDevice[] {
  const known = new Set(selected.map((d) => d.id));
  return [...selected, ...added.filter((d) => !known.has(d.id))];
}

/** `selected` without `removed`. */
export function withoutDevices(selected: readonly CommandDevice[], removed: readonly CommandDevice[]): CommandDevice[] {
  const gone = new Set(removed.map((d) => d.id));
  return selected.filter((d) => !gone.has(d.id));
}
