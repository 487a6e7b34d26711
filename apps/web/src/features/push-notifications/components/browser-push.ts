/**
 * This browser's side of Web Push: whether it can (Notification, a service worker with a push manager), and its
 * subscription, made with the server's VAPID key. The service worker itself is the app's (src/service-worker);
 * without one, push is unavailable here and the card says so.
 */

/** Whether this browser could receive push at all (before any service worker is asked). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window
  );
}

/** The service worker's registration, or null when none takes this page within `ms`. */
export async function pushRegistration(ms = 3000): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));
  const ready = navigator.serviceWorker.ready.then((r) => (r.pushManager ? r : null)).catch(() => null);
  return Promise.race([ready, timeout]);
}

/** The endpoint this browser is subscribed with, if it is. */
export async function currentEndpoint(): Promise<string | null> {
  const registration = await pushRegistration();
  const sub = await registration?.pushManager.getSubscription().catch(() => null);
  return sub?.endpoint ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const toBase64url = (buffer: ArrayBuffer | null): string =>
  buffer
    ? btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : '';

/** A short name for this browser: browser and system from the user agent. */
export function browserName(ua = navigator.userAgent): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${browser} · ${system}` : browser;
}

export type EnableOutcome =
  | { kind: 'subscribed'; endpoint: string; keys: { p256dh: string; auth: string } }
  | { kind: 'denied' }
  | { kind: 'unavailable' };

/** Asks for permission and subscribes this browser with the server's key (the caller then saves it). */
export async function subscribeThisBrowser(publicKey: string): Promise<EnableOutcome> {
  if (!pushSupported()) return { kind: 'unavailable' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { kind: 'denied' };
  const registration = await pushRegistration();
  if (!registration) return { kind: 'unavailable' };
  const sub = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  return {
    kind: 'subscribed',
    endpoint: sub.endpoint,
    keys: { p256dh: toBase64url(sub.getKey('p256dh')), auth: toBase64url(sub.getKey('auth')) },
  };
}

/** Unsubscribes this browser at its push service too (when the removed entry is this browser). */
export async function unsubscribeThisBrowser(endpoint: string): Promise<void> {
  const registration = await pushRegistration();
  const sub = await registration?.pushManager.getSubscription().catch(() => null);
  if (sub && sub.endpoint === endpoint) await sub.unsubscribe().catch(() => false);
}
