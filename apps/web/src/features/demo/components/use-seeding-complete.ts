import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DemoSeedingState } from '@voltfleet/domain/demo';

/** How long the "history complete" note stays unless dismissed. */
export const COMPLETE_NOTE_MS = 10_000;

/**
 * Whether to show the "history complete" note: from the poll that sees the seeding turn from running to done until
 * it is dismissed or COMPLETE_NOTE_MS later. Every cached query is invalidated then, so pages refetch the month,
 * year and earnings figures the history has now filled.
 */
export function useSeedingComplete(state: DemoSeedingState | undefined) {
  const queryClient = useQueryClient();
  const [previous, setPrevious] = useState(state);
  const [shown, setShown] = useState(false);
  // Compared during render (not in an effect): the note shows in the same render as the status that finished it.
  if (state !== previous) {
    setPrevious(state);
    if (previous === 'running' && state === 'done') setShown(true);
  }
  useEffect(() => {
    if (!shown) return;
    void queryClient.invalidateQueries();
    const timer = setTimeout(() => setShown(false), COMPLETE_NOTE_MS);
    return () => clearTimeout(timer);
  }, [shown, queryClient]);
  return { shown, dismiss: () => setShown(false) };
}
