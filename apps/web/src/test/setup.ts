// Setup of the component tests (*.test.tsx, jsdom): matchers, clean-up, and the few browser APIs jsdom lacks.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { changeLang, currentLang, i18next } from '@/lib/i18n';
import { resetOfflineState } from '@/lib/offline';
import { queryClient } from '@/lib/query-client';
import { clearSession } from '@/lib/session';

// findBy… and waitFor wait for what the component will show, not for a deadline: their default second is too short
// when npm test runs two suites at once on two cores. A test that asks for its own timeout keeps it.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals here, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  // The session lives in module state as well as in localStorage.
  clearSession();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  // The app's own client (the pages that invalidate or read it directly); renderWithProviders gives each render a
  // fresh one.
  queryClient.clear();
  // A request that failed at the network marks the app offline until the next answer: the next file's shell would
  // open with the offline banner.
  resetOfflineState();
});

// The files of a worker share their modules (vitest.config.ts, `isolate: false`): each file starts in English, as a
// file loaded alone would (currentLang() is en before i18next starts), whatever language the file before it left.
beforeAll(async () => {
  if (i18next.isInitialized && currentLang() !== 'en') await changeLang('en');
});

// Ant Design's grid and responsive hooks subscribe to media queries; nothing ever matches in a test.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

// Overflowing tags and measured inputs observe their size; jsdom lays nothing out, so there is nothing to report.
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Ant Design measures the scroll bar with getComputedStyle(el, '::-webkit-scrollbar'); jsdom implements no
// pseudo-elements and logs "Not implemented" for every call, so the element's own style answers instead.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// Here the test's ArrayBuffer comes from another realm than Node's own, and Node 20's Web Crypto refuses such a
// buffer (views pass): the app hands importKey an ArrayBuffer, as browsers accept. Buffers go in as views instead.
const subtle = globalThis.crypto.subtle;
for (const method of ['decrypt', 'digest', 'encrypt', 'importKey', 'sign', 'verify'] as const) {
  const original = subtle[method].bind(subtle) as (...args: unknown[]) => Promise<unknown>;
  Object.defineProperty(subtle, method, {
    configurable: true,
    value: (...args: unknown[]) => original(...args.map((a) => (a instanceof ArrayBuffer ? new Uint8Array(a) : a))),
  });
}
