import type { AlarmLiveEvent } from '@voltfleet/domain/alarms';
import type { LiveMessage } from '@voltfleet/domain/device-list';

export type LiveState = 'connecting' | 'open' | 'closed';
type Listener = (message: LiveMessage) => void;

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** A page that leaves and the next that subscribes share the socket instead of closing and reopening it. */
const LINGER_MS = 5_000;

/**
 * Wait before reconnect attempt `attempt` (0 = first): doubling from 1 s up to 30 s, each with up to half of it
 * taken off at random so that many tabs dropped by one server restart do not return in step.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(full - (full / 2) * random());
}

/** The live channel's address on this page's own host (the session cookie goes with it). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
}

/** A socket frame as a live message, or null for anything else (the app's socket and the big screens' read it so). */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(String(data));
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
    ? (value as LiveMessage)
    : null;
}

/**
 * Whether a live message is an alarm event (raised, seen, flapping, acknowledged, recovered: domain
 * alarmLiveEventSchema) that names its device, so a page can refresh what shows that device's or plant's alarms.
 */
export function isAlarmLiveEvent(message: LiveMessage): message is AlarmLiveEvent {
  if (message.type !== 'alarm') return false;
  const alarm: unknown = (message as { alarm?: unknown }).alarm;
  return typeof alarm === 'object' && alarm !== null && typeof (alarm as { deviceId?: unknown }).deviceId === 'number';
}

const listeners = new Set<Listener>();
const stateListeners = new Set<() => void>();
let socket: WebSocket | null = null;
let state: LiveState = 'closed';
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let lingerTimer: ReturnType<typeof setTimeout> | undefined;

function setState(next: LiveState): void {
  if (state === next) return;
  state = next;
  stateListeners.forEach((listener) => listener());
}

function connect(): void {
  clearTimeout(retryTimer);
  setState('connecting');
  const ws = new WebSocket(liveUrl(window.location));
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
    setState('open');
  };
  ws.onmessage = (event: MessageEvent) => {
    const message = parseLiveMessage(event.data);
    if (message) listeners.forEach((listener) => listener(message));
  };
  ws.onclose = () => {
    if (socket !== ws) return; // closed on purpose, replaced or shut
    socket = null;
    setState('connecting');
    retryTimer = setTimeout(connect, reconnectDelay(attempt++));
  };
}

/** Closes the tab's live socket now and stops reconnecting (sign-out, or nobody listening any more). */
export function closeLive(): void {
  clearTimeout(retryTimer);
  clearTimeout(lingerTimer);
  const ws = socket;
  socket = null;
  attempt = 0;
  ws?.close(1000, 'done');
  setState('closed');
}

/** Listens to the tab's one live socket, opening it for the first listener; returns the unsubscribe function. */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  clearTimeout(lingerTimer);
  if (!socket && state === 'closed') connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) lingerTimer = setTimeout(closeLive, LINGER_MS);
  };
}

export function liveState(): LiveState {
  return state;
}

export function subscribeLiveState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}
