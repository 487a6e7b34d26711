import { KIOSK_QUERY } from '@voltfleet/domain/big-screen';
import { type LiveMessage } from '@voltfleet/domain/device-list';
import { liveUrl, parseLiveMessage, reconnectDelay } from '@/lib/live-socket';
import type { BigScreenAccess } from './big-screen-client';

/** The live hub's close code for a session (or link) that is over (features/live on the server). */
export const LIVE_ACCESS_ENDED = 4401;

export interface BigScreenLiveHandlers {
  onMessage: (message: LiveMessage) => void;
  /** The socket is open again after a drop: events were missed meanwhile. */
  onReconnect: () => void;
  /** The server closed the socket because the link or session is over: no reconnect. */
  onAccessEnded: () => void;
}

/**
 * The big screen's own live socket, on the same /api/ws channel and backoff as the app's (lib/live-socket.ts), with
 * two differences a wall screen needs: a kiosk link's token rides in the address (a browser socket cannot send a
 * header), and a socket closed as "access ended" stays closed instead of retrying for weeks. Answers the stop.
 */
export function openBigScreenLive(access: BigScreenAccess, handlers: BigScreenLiveHandlers): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let opened = false;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const url =
    liveUrl(window.location) + (access.kind === 'kiosk' ? `?${KIOSK_QUERY}=${encodeURIComponent(access.token)}` : '');

  const connect = () => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      if (opened) handlers.onReconnect();
      opened = true;
    };
    ws.onmessage = (event: MessageEvent) => {
      const message = parseLiveMessage(event.data);
      if (message) handlers.onMessage(message);
    };
    ws.onclose = (event?: CloseEvent) => {
      if (stopped || socket !== ws) return;
      socket = null;
      if (event?.code === LIVE_ACCESS_ENDED) return handlers.onAccessEnded();
      // A drop before the first open counts as a drop too: the screen reconnects after a server restart.
      opened = true;
      retry = setTimeout(connect, reconnectDelay(attempt++));
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close(1000, 'done');
    socket = null;
  };
}
