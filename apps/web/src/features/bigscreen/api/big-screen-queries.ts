import { createContext, useContext, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  BigScreenAlarms,
  BigScreenCharts,
  BigScreenFlow,
  BigScreenPlant,
  BigScreenScope,
  BigScreenSummary,
} from '@voltfleet/domain/big-screen';
import { bigScreenGet, isAccessEnded, type BigScreenAccess } from './big-screen-client';

/** Every big-screen query starts with this key: a live event or a reconnect refreshes them together. */
export const BIG_SCREEN_KEY = ['bigScreen'] as const;

/**
 * The safety net under the live socket: every figure is re-read at least this often even when no event arrives
 * (a socket that silently lost its events, a figure no event announces such as a new day).
 */
export const SAFETY_POLL_MS = 60_000;

export interface BigScreenContextValue {
  access: BigScreenAccess;
  /** Called when the server refuses the link or session (401): the screen says so and stops asking. */
  onAccessEnded: () => void;
}

export const BigScreenContext = createContext<BigScreenContextValue | null>(null);

function useBigScreenContext(): BigScreenContextValue {
  const value = useContext(BigScreenContext);
  if (!value) throw new Error('big-screen queries need the BigScreenContext');
  return value;
}

function useBigScreenQuery<T>(endpoint: string, query: Record<string, number | undefined> = {}) {
  const { access, onAccessEnded } = useBigScreenContext();
  const result = useQuery({
    queryKey: [...BIG_SCREEN_KEY, access.kind, endpoint, query],
    queryFn: ({ signal }) => bigScreenGet<T>(`/api/big-screen/${endpoint}`, access, query, signal),
    refetchInterval: (q) => (isAccessEnded(q.state.error) ? false : SAFETY_POLL_MS),
    // A wall screen is seldom focused: polling goes on in a background tab too.
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  const ended = isAccessEnded(result.error);
  useEffect(() => {
    if (ended) onAccessEnded();
  }, [ended, onAccessEnded]);
  return result;
}

export const useBigScreenScope = () => useBigScreenQuery<BigScreenScope>('scope');
export const useBigScreenSummary = () => useBigScreenQuery<BigScreenSummary>('summary');
export const useBigScreenPlants = () => useBigScreenQuery<{ plants: BigScreenPlant[] }>('plants');
export const useBigScreenAlarms = () => useBigScreenQuery<BigScreenAlarms>('alarms');
export const useBigScreenCharts = () => useBigScreenQuery<BigScreenCharts>('charts');
export const useBigScreenFlow = (plantId: number | undefined) => useBigScreenQuery<BigScreenFlow>('flow', { plantId });
