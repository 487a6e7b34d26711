/** A Web Push message's payload, as the server sends it (JSON). */
export interface PushPayload {
  title: string;
  body: string;
  /** Where a click on the notification leads: a path of this app (or a full URL of the same origin). */
  url: string;
  /** Replaces an earlier notification with the same tag instead of stacking. */
  tag?: string;
}

/** The payload of a push message's text, or undefined when it is not the agreed JSON (nothing is shown then). */
export function readPushPayload(text: string | undefined): PushPayload | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (typeof title !== 'string' || !title || typeof body !== 'string' || typeof url !== 'string') return undefined;
  if (tag !== undefined && typeof tag !== 'string') return undefined;
  return tag === undefined ? { title, body, url } : { title, body, url, tag };
}

/**
 * The address a notification click opens: the page `url` names, on this app's origin. The server writes its links
 * with PUBLIC_URL, which may not be the address this browser reaches the portal at (a second host name, a tunnel), so
 * an http(s) link of another origin opens its page here; anything else (javascript:, data:) opens the start page.
 * A click never leaves the origin either way.
 */
export function notificationTarget(url: string, origin: string): string {
  try {
    const target = new URL(url || '/', origin);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return new URL('/', origin).href;
    return new URL(`${target.pathname}${target.search}${target.hash}`, origin).href;
  } catch {
    return new URL('/', origin).href;
  }
}

/** The part of the service worker's `clients` a notification click uses (a test hands in its own). */
export interface WindowOpener {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowTab[]>;
  openWindow(url: string): Promise<unknown>;
}

/** A window of the app, as `clients.matchAll` lists it. */
export interface WindowTab {
  readonly url: string;
  focus(): Promise<unknown>;
}

/**
 * What a click on a notification does with its `data` (as the push handler stored it): focuses a window already at
 * its page, or opens one there. Always a page of this origin (notificationTarget); without a URL, the start page.
 */
export async function openNotificationPage(data: unknown, clients: WindowOpener, origin: string): Promise<string> {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  const target = notificationTarget(typeof url === 'string' ? url : '/', origin);
  const tabs = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = tabs.find((tab) => tab.url === target);
  if (open) await open.focus();
  else await clients.openWindow(target);
  return target;
}
