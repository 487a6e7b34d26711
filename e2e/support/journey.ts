// What every journey file shares: the worker's Chromium (Playwright's worker-scoped `browser`), a fresh context per
// test (closed after it; Playwright keeps a screenshot and a trace of a failed test under e2e/.artifacts/), an API
// client for fast preparation, and the UI steps several journeys take (signing in, reading the menu, waiting for a
// notice).
import { randomBytes, randomInt } from 'node:crypto';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { createApi, type E2eApi } from './api.mjs';
import { newPage } from './browser.js';
import { runEnv } from './run-env.js';
import { ADMIN_PASSWORD, CAPTCHA_CODE } from './server.mjs';
import { WAIT_MS } from './wait.js';

export { ADMIN_PASSWORD, CAPTCHA_CODE, WAIT_MS };

export const USER_PASSWORD = 'Journey-pw-1';

/** A name no other journey (or earlier run against the same server) uses; valid as username and role name. */
export function unique(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
}

/**
 * E2E_LATENCY_MS (added to every request) and E2E_CPU_SLOWDOWN (a factor) make each journey page slow, to find the
 * races a slow server or a busy machine exposes: a journey must pass with E2E_LATENCY_MS=400 as it does without.
 */
async function slowDown(context: BrowserContext, page: Page): Promise<void> {
  const latency = Number(process.env.E2E_LATENCY_MS ?? 0);
  const cpu = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);
  if (latency <= 0 && cpu <= 1) return;
  const cdp = await context.newCDPSession(page);
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  if (latency > 0) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
}

export interface Journey {
  readonly baseUrl: string;
  /** This journey file's client address (its X-Forwarded-For): what the server records as the sender's address. */
  readonly clientIp: string;
  /** The headers that make a request this journey's (its client address), for requests made without `api`. */
  readonly headers: Readonly<Record<string, string>>;
  /** API client with this journey's client address. */
  readonly api: E2eApi;
  /** An administrator token for preparing roles and users through the API. */
  readonly admin: string;
  /** A new browser context (and page) for the current test; closed after the test. */
  open(
    locale?: string,
    options?: Pick<BrowserContextOptions, 'reducedMotion' | 'viewport' | 'hasTouch' | 'isMobile'>,
  ): Promise<Page>;
  /**
   * A role with these permission codes (and big-screen views) and a user holding it, below the administrator; returns
   * the username (password USER_PASSWORD) and the ids.
   */
  userWith(
    permissions: string[],
    prefix?: string,
    views?: string[],
  ): Promise<{ username: string; id: number; roleName: string; roleId: number }>;
}

/**
 * Registers the hooks of a journey file; call once at the top of its `test.describe`. Nothing here reads the run's
 * addresses before a hook or test asks: Playwright also loads the file to list its tests, before the global setup.
 */
export function setupJourney(): Journey {
  // The server trusts X-Forwarded-For in the journeys: each file is its own client for the per-address limits.
  const clientIp = `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
  const headers = { 'x-forwarded-for': clientIp };
  let api: E2eApi | undefined;
  let browser: Browser | undefined;
  let admin: string | undefined;
  let contexts: BrowserContext[] = [];

  test.beforeAll(async ({ browser: workerBrowser }) => {
    browser = workerBrowser;
    admin = await journey.api.login('admin', ADMIN_PASSWORD);
  });

  test.afterEach(async () => {
    const open = contexts;
    contexts = [];
    await Promise.all(open.map((c) => c.close()));
    if (!admin) return;
    // The journeys run side by side, and any of them may sign in as the administrator at any moment: the
    // administrator reads English all run long (global-setup.ts). A journey that needs another language signs in as
    // a user of its own; one that changed the administrator's would have changed it under its neighbours' feet.
    const { user } = await journey.api.call<{ user: { language: string; languageChosen: boolean } }>(
      'GET',
      '/api/auth/me',
      { token: journey.admin },
    );
    expect(user, "the administrator's language, which no journey may change").toMatchObject({
      language: 'en',
      languageChosen: true,
    });
  });

  const journey: Journey = {
    get baseUrl() {
      return runEnv('baseUrl');
    },
    clientIp,
    headers,
    get api() {
      api ??= createApi(runEnv('baseUrl'), { headers });
      return api;
    },
    get admin() {
      if (!admin) throw new Error('the admin token exists only inside tests');
      return admin;
    },
    async open(locale = 'en-US', options = {}) {
      if (!browser) throw new Error('the browser exists only inside tests');
      const { context, page } = await newPage(browser, journey.baseUrl, locale, {
        ...options,
        extraHTTPHeaders: headers,
      });
      contexts.push(context);
      await slowDown(context, page);
      context.setDefaultTimeout(WAIT_MS);
      context.setDefaultNavigationTimeout(WAIT_MS);
      return page;
    },
    async userWith(permissions, prefix = 'e2e', views = []) {
      const roleName = unique(`${prefix}_role`);
      const role = await journey.api.createRole(journey.admin, roleName, permissions, views);
      const username = unique(prefix);
      const user = await journey.api.createUser(journey.admin, { username, password: USER_PASSWORD, roleId: role.id });
      return { username, id: user.id, roleName, roleId: role.id };
    },
  };
  return journey;
}

/** The captcha picture once it has arrived (the form sends nothing before). */
export const captchaImage = (page: Page): Locator => page.getByTestId('login-captcha-image').locator('img');

/** Types the credentials and the captcha into the login form, which must be on screen. */
export async function fillLoginForm(page: Page, username: string, password: string): Promise<void> {
  await captchaImage(page).waitFor();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha-input').fill(CAPTCHA_CODE);
}

/**
 * Solves the captcha beside "send code" on the register (`register`) or forgot-password (`reset`) page: a code
 * request carries one (issue 38), and each is good for one request, so this comes before every press.
 */
export async function solveCodeCaptcha(page: Page, prefix: 'register' | 'reset'): Promise<void> {
  await page.getByTestId(`${prefix}-captcha-image`).locator('img').waitFor();
  await page.getByTestId(`${prefix}-captcha-input`).fill(CAPTCHA_CODE);
}

/** The sign-in page as a link to `to` opens it: /login?from=… */
export const loginPathTo = (to: string): string => `/login?from=${encodeURIComponent(to)}`;

/**
 * Signs in through the form (opening /login first unless a login page is shown) and waits to leave it. With `to` (a
 * path, with its query if any), the form is opened as a link to that page is (`/login?from=…`), and the sign-in ends
 * there: a journey that goes on to another page does not first load and draw the home page, then the whole app again.
 * A sign-in page already open at that address is used as it is: what was chosen on it (a language) stays chosen.
 */
export async function loginViaForm(page: Page, username: string, password: string, to?: string): Promise<void> {
  if (to !== undefined) {
    if (location(page) !== loginPathTo(to)) await page.goto(loginPathTo(to));
  } else if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await fillLoginForm(page, username, password);
  await page.getByTestId('login-submit').click();
  if (to !== undefined) await page.waitForURL((url) => url.pathname + url.search === to);
  else await page.waitForURL((url) => url.pathname !== '/login');
}

/** The current path plus query, e.g. "/login?from=%2FuserCenter%2FuserList". */
export const location = (page: Page): string => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Waits until the page title (every page has one) reads `text`. */
export async function expectTitle(page: Page, text: string): Promise<void> {
  const title = page.getByTestId('page-title');
  await expect.poll(() => title.innerText({ timeout: 1000 }).catch(() => ''), { timeout: WAIT_MS }).toBe(text);
}

/** Waits for a notice (Ant Design message) reading exactly `text` ("Deleted" is not "…cannot be deleted"). */
export async function expectNotice(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice').getByText(text, { exact: true }).first().waitFor();
}

/** What the side menu offers: module titles, and the page keys of its entries ("userList"), in order. */
export async function readMenu(page: Page): Promise<{ modules: string[]; pages: string[] }> {
  const menu = page.getByTestId('menu');
  await menu.locator('[data-testid^="menu-item-"]').first().waitFor();
  const modules = await menu.locator('.ant-menu-submenu-title').allInnerTexts();
  const pages = await menu
    .locator('[data-testid^="menu-item-"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('data-testid')?.replace('menu-item-', '') ?? ''));
  return { modules: modules.map((m) => m.trim()), pages };
}

/**
 * The row of a list (by its test id) that contains `text`, paging through the list from its first page until it
 * shows: the server is shared, so earlier journeys' rows may push a new one onto a later page. It starts again from
 * the first page because a list keeps the page it was on when it reloads (after a deletion, say), and the row sought
 * may now sit on an earlier one.
 */
export async function showRow(page: Page, table: string, text: string): Promise<Locator> {
  const list = page.getByTestId(table);
  const row = list.locator('tbody tr', { hasText: text });
  const current = list.locator('[aria-current="page"]');
  const next = list.getByRole('button', { name: 'Next page' });
  await tableLoaded(list);
  if ((await row.count()) === 0 && (await current.count()) > 0 && (await current.innerText()) !== '1') {
    await list.getByRole('button', { name: 'Page 1', exact: true }).click();
    await current.filter({ hasText: /^1$/ }).waitFor();
    await tableLoaded(list);
  }
  while ((await row.count()) === 0) {
    if ((await next.count()) === 0 || (await next.isDisabled())) throw new Error(`${table} has no row with "${text}"`);
    const at = Number(await current.innerText());
    await next.click();
    await current.filter({ hasText: new RegExp(`^${at + 1}$`) }).waitFor();
    await tableLoaded(list);
  }
  return row.first();
}

/**
 * Waits until a table shows what it loaded: a row, and no spinner over it. The first row alone is not enough: while
 * the first page is on its way the table shows its "no data" row, so a slow answer looked like a list without the
 * row a journey looks for.
 */
export async function tableLoaded(table: Locator): Promise<void> {
  await table.locator('tbody tr').first().waitFor();
  await table.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
}
