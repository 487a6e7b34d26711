import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

/** The system Chromium, headless, with the flags this machine needs (no background network, no sandbox as root). */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  locale = 'en-US',
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale, viewport: { width: 1366, height: 860 }, ...options });
  const page = await context.newPage();
  return { context, page };
}
