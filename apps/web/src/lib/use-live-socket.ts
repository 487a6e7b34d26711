import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import { closeLive, liveState, subscribeLive, subscribeLiveState, type LiveState } from './live-socket';
import { getSession, useSession } from './session';

/**
 * Live readings and status changes of the devices the user may see, from the tab's one WebSocket (/api/ws):
 * `onMessage` gets every message while the component is mounted and someone is signed in. The socket reconnects
 * with backoff after a drop and closes at sign-out. Returns the connection state.
 */
export function useLiveSocket(onMessage: (message: LiveMessage) => void): LiveState {
  const signedIn = useSession() !== null;
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  }, [onMessage]);

  useEffect(() => {
    if (!signedIn) return;
    const unsubscribe = subscribeLive((message) => handler.current(message));
    return () => {
      unsubscribe();
      // Signed out: close at once rather than after the linger.
      if (!getSession()) closeLive();
    };
  }, [signedIn]);

  return useSyncExternalStore(subscribeLiveState, liveState);
}
