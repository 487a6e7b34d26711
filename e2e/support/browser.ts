import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';

/**
 * A page in a new context of `browser` (the worker's: the system Chromium, headless, with the flags this machine needs,
 * as playwright.config.ts launches it).
 */
export async function newPage(
  browser: Browser,
  baseURL: string,
  locale = 'en-US',
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: a dialog is where it ends up the moment it shows, so a click lands on the button it aims at and
  // not where the zoom had carried it. Motion is not what the journeys test; user-admin checks that both settings work.
  const context = await browser.newContext({
    baseURL,
    locale,
    viewport: { width: 1366, height: 860 },
    reducedMotion: 'reduce',
    // The app registers a service worker (docs/pwa.md); it would precache the whole build in every journey's context
    // and answer the pages' requests in place of the network (page.route would no longer see them). Only the
    // offline journey allows it.
    serviceWorkers: 'block',
    ...options,
  });
  const page = await context.newPage();
  return { context, page };
}
