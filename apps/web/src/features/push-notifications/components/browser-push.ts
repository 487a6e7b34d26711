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

/** Resolves when `worker` is discarded (its installation failed), never otherwise. */
const discarded = (worker: ServiceWorker) =>
  new Promise<null>((resolve) => {
    const check = () => {
      if (worker.state === 'redundant') resolve(null);
    };
    worker.addEventListener('statechange', check);
    check();
  });

/**
 * The service worker's registration once its worker is active, or null when this page has none: no registration
 * within `ms` (the app registers it after its first render), or the one being installed failed. A worker still
 * installing (a first visit precaches the whole build, seconds even on a fast line) is waited for: it is not "push
 * unavailable".
 */
export async function pushRegistration(ms = 3000): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const container = navigator.serviceWorker;
  const ready = container.ready.then((r) => (r.pushManager ? r : null)).catch(() => null);
  const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), ms));
  const first = await Promise.race([ready, late]);
  if (first !== 'late') return first;
  const pending = await container.getRegistration().catch(() => undefined);
  const installing = pending?.installing ?? pending?.waiting;
  if (installing) return Promise.race([ready, discarded(installing)]);
  // Active since the moment `ms` passed: ready is about to resolve.
  return pending?.active ? ready : null;
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
