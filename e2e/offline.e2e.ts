import { expect, test, type Page } from '@playwright/test';
import { newPage } from './support/browser.js';
import { USER_PASSWORD, WAIT_MS, expectNotice, expectTitle, loginViaForm, setupJourney } from './support/journey.js';

// Issue 41 point 2: the portal is installable (manifest, icons) and opens offline from its service worker, showing
// the last data it had with its age, and refusing writes with a message instead of losing them.
const USER_LIST = '/userCenter/userList';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  lang: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Whether a service worker controls the page (it serves the page's requests from then on). */
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

test.describe('installable and offline', () => {
  const journey = setupJourney();

  test('serves a valid manifest, its icons and the service worker', async () => {
    const get = (path: string) => fetch(`${journey.baseUrl}${path}`, { headers: journey.headers });
    const res = await get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Voltfleet',
      short_name: 'Voltfleet',
      start_url: '/',
      display: 'standalone',
      lang: 'en',
      theme_color: '#1677ff',
    });
    const icons = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
    expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of [...manifest.icons, { src: '/apple-touch-icon.png' }]) {
      const png = await get(icon.src);
      expect(png.status, icon.src).toBe(200);
      expect(png.headers.get('content-type'), icon.src).toBe('image/png');
    }

    const sw = await get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const csp = sw.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");

    const html = await (await get('/')).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  });

  test('opens offline from the cache with the last data and its age, and refuses a write', async ({ browser }) => {
    // The worker precaches the whole build (about 600 files) before it takes the page: with the other journeys beside
    // it on two cores that alone can take most of the default limit.
    test.setTimeout(180_000);
    const { username } = await journey.userWith(['D', 'D/A'], 'offline');
    // Service workers are allowed in this journey's context (support/browser.ts blocks them elsewhere).
    const { context, page } = await newPage(browser, journey.baseUrl, 'en-US', {
      serviceWorkers: 'allow',
      extraHTTPHeaders: journey.headers,
    });
    context.setDefaultTimeout(WAIT_MS);
    try {
      await loginViaForm(page, username, USER_PASSWORD, USER_LIST);
      await expectTitle(page, 'User list');
      // Registered after the first render; it takes the page once it has precached the app.
      await expect.poll(() => controlled(page), { timeout: 60_000 }).toBe(true);
      // The list's answer now passes through the worker, which keeps the last one.
      await page.reload();
      await expectTitle(page, 'User list');
      await expect(page.getByText(username, { exact: true })).toBeVisible();

      await context.setOffline(true);
      await page.reload();
      // The shell came from the precache, the list from the worker's last answer.
      await expectTitle(page, 'User list');
      const banner = page.getByTestId('offline-banner');
      await expect(banner).toContainText('You are offline.');
      await expect(page.getByText(username, { exact: true })).toBeVisible();
      await expect(page.getByTestId('offline-data-age')).toHaveText(/^Data from \d+ minutes? ago\.$/);

      // A page not opened before comes from the precache too; a save there is refused, and nothing is sent.
      const writes: string[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
      });
      await page.goto('/personalCenter');
      await expect(banner).toBeVisible();
      await page.getByTestId('profile-name').fill('Offline Name');
      await page.getByTestId('profile-save').click();
      await expectNotice(page, 'You are offline: the change was not sent. Try again when the connection is back.');
      expect(writes).toEqual([]);

      // Back online, the banner goes with the next answer from the server.
      await context.setOffline(false);
      await page.goto(USER_LIST);
      await expectTitle(page, 'User list');
      await expect(banner).toBeHidden();
    } finally {
      await context.close();
    }
  });
});
