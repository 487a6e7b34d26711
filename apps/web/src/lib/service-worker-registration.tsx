import { SKIP_WAITING } from '@/service-worker/contract';
import { i18next } from './i18n';
import { noticeApi } from './notice';

/** How often an open app asks whether a new version was deployed (besides at each navigation the browser does). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * A plain button looking like a link: Ant Design's Button here made the build regroup its shared chunks, about 2 KB
 * more on the login page and the shell (bench/web-size).
 */
const RELOAD_STYLE = {
  marginLeft: 8,
  padding: 0,
  border: 0,
  background: 'none',
  color: '#1677ff',
  font: 'inherit',
  cursor: 'pointer',
} as const;

/** The notice's key: one "new version" notice at a time. */
export const UPDATE_NOTICE_KEY = 'voltfleet:update-ready';

/**
 * Tells the user a new version is ready and reloads into it only when they say so: the waiting service worker takes
 * over (skipWaiting on our message), and the page reloads once it controls it. Never by itself: a form being filled
 * in stays as it is until the user chooses.
 */
export function offerUpdate(waiting: ServiceWorker, container: ServiceWorkerContainer): void {
  const api = noticeApi();
  if (!api) return;
  const reload = () => {
    container.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.postMessage({ type: SKIP_WAITING });
  };
  void api.open({
    key: UPDATE_NOTICE_KEY,
    type: 'info',
    duration: 0,
    content: (
      <span data-testid="update-ready">
        {i18next.t('http.updateReady')}{' '}
        <button type="button" style={RELOAD_STYLE} onClick={reload} data-testid="update-reload">
          {i18next.t('http.updateReload')}
        </button>
      </span>
    ),
  });
}

/**
 * Registers the service worker (/sw.js, built from src/service-worker/sw.ts) and watches for a new version. Called
 * after the first render, when the browser is idle (main.tsx). Part of the entry, not a chunk of its own: a dynamic
 * import of this 0.6 KB made the build regroup its shared chunks, 2 KB more on the login page (bench/web-size).
 */
export async function registerServiceWorker(container: ServiceWorkerContainer | undefined): Promise<void> {
  if (!container) return;
  const registration = await container.register('/sw.js', { scope: '/' });
  // A worker that finished installing while another controls the page is a new version (the first one just takes
  // the page).
  const watch = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === 'installed' && container.controller) offerUpdate(worker, container);
    };
    worker.addEventListener('statechange', check);
    check();
  };
  if (registration.waiting && container.controller) offerUpdate(registration.waiting, container);
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}
