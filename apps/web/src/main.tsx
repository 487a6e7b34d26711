import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from '@/app/app-router';
import { askFirstData, preloadShellPage } from '@/app/page-registry';
import { Providers } from '@/app/providers';
import { initI18n } from '@/lib/i18n';
import { initialLang } from '@/lib/lang';
import { getSession } from '@/lib/session';
import { registerServiceWorker } from '@/lib/service-worker-registration';
import '@/app/app.css';
import '@/app/lists.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * How long the first render waits for a signed-in arrival's shell and page code. Rendered before they are in, the
 * app shows a spinner and React then holds the page back for 300 ms after it arrives; past this wait the spinner is
 * the better answer (a slow network).
 */
const SHELL_WAIT_MS = 3000;

// The first language (strings and Ant Design locale) is loaded before the first render, so nothing flickers.
// Should its chunk fail, the app still starts (showing message keys) rather than staying blank.
const lang = initialLang();
const i18nReady = initI18n(lang).catch((error: unknown) => console.error(error));

// A signed-in arrival on a shell page: its code and its first data load beside the first language instead of after
// the first render, and the first render waits for the code (at most SHELL_WAIT_MS).
const signedIn = getSession() !== null;
const shellCode = signedIn
  ? Promise.race([
      preloadShellPage(window.location.pathname, i18nReady),
      new Promise<void>((resolve) => setTimeout(resolve, SHELL_WAIT_MS)),
    ])
  : undefined;
if (signedIn) askFirstData(window.location.pathname, lang);

void Promise.all([i18nReady, shellCode]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
  // After the first render and off its path: the service worker (installable, opens offline; docs/pwa.md). Not in
  // development, where Vite serves the sources and no /sw.js is built.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    idle(() => {
      registerServiceWorker(navigator.serviceWorker).catch((error: unknown) => console.error(error));
    });
  }
});
