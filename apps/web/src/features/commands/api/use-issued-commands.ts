import { useCallback, useEffect, useRef, useState } from 'react';
import type { Command } from '@voltfleet/domain/commands';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import { http } from '@/lib/http';
import { useLiveSocket } from '@/lib/use-live-socket';
import { CommandStatusMemory, applyCommandStatus, isFinalStatus, withFetched, withIssued } from './command-live';

/** At most this many open commands are fetched again after the live socket was down. */
const REFRESH_LIMIT = 50;

/**
 * The commands issued on a page, their status kept current live: statuses heard before the issue answer arrived
 * are applied when it does, and after the live socket was down the open ones are fetched once more (what changed
 * meanwhile was never pushed).
 */
export function useIssuedCommands(): { issued: readonly Command[]; add: (commands: readonly Command[]) => void } {
  const memory = useRef(new CommandStatusMemory());
  const [issued, setIssued] = useState<readonly Command[]>([]);
  const latest = useRef(issued);
  useEffect(() => {
    latest.current = issued;
  }, [issued]);

  /** Fetches the open commands again (at most REFRESH_LIMIT); the answer is applied while `isCurrent()` holds. */
  const refreshOpen = useCallback((isCurrent: () => boolean) => {
    const open = latest.current.filter((c) => !isFinalStatus(c.status)).slice(0, REFRESH_LIMIT);
    if (open.length === 0) return;
    void Promise.all(open.map((c) => http.get<Command>(`/api/commands/${c.id}`).catch(() => undefined))).then(
      (fetched) => {
        if (isCurrent())
          setIssued((list) =>
            withFetched(
              list,
              fetched.filter((c): c is Command => c !== undefined),
            ),
          );
      },
    );
  }, []);

  const state = useLiveSocket(
    useCallback(
      (m: LiveMessage) => {
        // The server may have missed events (docs/faults.md): as after a drop, read the open ones again.
        if (m.type === 'resync') return refreshOpen(() => true);
        memory.current.hear(m);
        setIssued((list) => applyCommandStatus(list, m));
      },
      [refreshOpen],
    ),
  );

  const wasOpen = useRef(false);
  const wasDown = useRef(false);
  useEffect(() => {
    if (state !== 'open') {
      wasDown.current = wasOpen.current;
      return;
    }
    wasOpen.current = true;
    if (!wasDown.current) return;
    wasDown.current = false;
    let current = true;
    refreshOpen(() => current);
    return () => {
      current = false;
    };
  }, [state, refreshOpen]);

  const add = useCallback(
    (commands: readonly Command[]) => setIssued((list) => withIssued(list, commands, memory.current)),
    [],
  );
  return { issued, add };
}
