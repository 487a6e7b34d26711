import { expect, test, type Page } from '@playwright/test';
import { WAIT_MS, expectTitle, loginViaForm, readMenu, setupJourney, USER_PASSWORD } from './support/journey.js';

const SUBTITLE = {
  zh: '光伏储能设备云管理平台',
  en: 'Solar and battery fleet management',
  cs: 'Správa flotily solárních a bateriových systémů',
};

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

test.describe('language', () => {
  const journey = setupJourney();

  test('shows the login page in Chinese for a zh-CN browser', async () => {
    const page = await journey.open('zh-CN');
    await page.goto('/login');
    await expectTitle(page, SUBTITLE.zh);
    expect(await page.getByTestId('login-submit').innerText()).toMatch(/^登\s*录$/);
    expect(await page.getByTestId('lang-switch').innerText()).toContain('简体中文');
    expect(await htmlLang(page)).toBe('zh');
  });

  test('shows English for any other browser language, German included', async () => {
    const page = await journey.open('de-DE');
    await page.goto('/login');
    await expectTitle(page, SUBTITLE.en);
    expect(await page.getByTestId('login-submit').innerText()).toBe('Log in');
    expect(await htmlLang(page)).toBe('en');
  });

  test('keeps a chosen language over the browser one, after reload and after login', async () => {
    const { username } = await journey.userWith(['D', 'D/A', 'D/D'], 'lang');
    const page = await journey.open('zh-CN');
    await page.goto('/login');
    await expectTitle(page, SUBTITLE.zh);

    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-option-cs').click();
    await expectTitle(page, SUBTITLE.cs);
    expect(await page.getByTestId('login-submit').innerText()).toBe('Přihlásit se');

    await page.reload();
    await expectTitle(page, SUBTITLE.cs);
    expect(await htmlLang(page)).toBe('cs');
    expect(await page.getByTestId('lang-switch').innerText()).toContain('Čeština');

    await loginViaForm(page, username, USER_PASSWORD);
    await expectTitle(page, 'Seznam uživatelů');
    const menu = await readMenu(page);
    expect(menu.modules).toEqual(['Centrum uživatelů']);
    expect(await page.getByTestId('menu').innerText()).toContain('Záznamy operací');
    expect(await page.getByTestId('logout').innerText()).toBe('Odhlásit');

    // Still Czech on a fresh load of the shell.
    await page.reload();
    await expectTitle(page, 'Seznam uživatelů');
    expect((await readMenu(page)).modules).toEqual(['Centrum uživatelů']);
  });

  test('switches the menu language inside the shell', async () => {
    const { username } = await journey.userWith(['D', 'D/A'], 'lang');
    const page = await journey.open();
    await loginViaForm(page, username, USER_PASSWORD);
    expect((await readMenu(page)).modules).toEqual(['User Center']);

    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-option-de').click();
    await expectTitle(page, 'Benutzerliste');
    expect((await readMenu(page)).modules).toEqual(['Benutzerzentrale']);
    expect(await page.evaluate(() => localStorage.getItem('voltfleet.lang'))).toBe('de');
  });

  // The user list's title in each language: where the journey's user lands after login.
  const USER_LIST = { zh: '用户列表', en: 'User list', cs: 'Seznam uživatelů', de: 'Benutzerliste' } as const;

  for (const lang of ['zh', 'en', 'cs', 'de'] as const) {
    test(`keeps the account’s choice of ${lang} on a fresh browser, whatever that browser prefers`, async () => {
      const { username } = await journey.userWith(['D', 'D/A'], 'lang');
      // Chosen inside the shell of a browser preferring something else.
      const first = await journey.open(lang === 'zh' ? 'en-US' : 'zh-CN');
      await loginViaForm(first, username, USER_PASSWORD);
      // The shell is up (in the browser's language) before the switch is used.
      await expectTitle(first, lang === 'zh' ? USER_LIST.en : USER_LIST.zh);
      await first.getByTestId('lang-switch').click();
      await first.getByTestId(`lang-option-${lang}`).click();
      await expectTitle(first, USER_LIST[lang]);
      // The page switches at once and stores the choice with the account in the background.
      const token = await journey.api.login(username, USER_PASSWORD);
      await expect
        .poll(
          async () =>
            (
              await journey.api.call<{ user: { language: string; languageChosen: boolean } }>('GET', '/api/auth/me', {
                token,
              })
            ).user,
          { timeout: WAIT_MS },
        )
        .toMatchObject({ language: lang, languageChosen: true });

      // A new browser (nothing stored) starts by R1.4's rule on the login page, then follows the account.
      const fresh = await journey.open(lang === 'zh' ? 'de-DE' : 'zh-CN');
      await fresh.goto('/login');
      await expectTitle(fresh, lang === 'zh' ? SUBTITLE.en : SUBTITLE.zh);
      await loginViaForm(fresh, username, USER_PASSWORD);
      await expectTitle(fresh, USER_LIST[lang]);
      expect(await htmlLang(fresh)).toBe(lang);
      expect(await fresh.evaluate(() => localStorage.getItem('voltfleet.lang'))).toBe(lang);
    });
  }

  test('makes a choice on the login page the account’s own', async () => {
    const { username } = await journey.userWith(['D', 'D/A'], 'lang');
    const page = await journey.open('en-US');
    await page.goto('/login');
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-option-de').click();
    await loginViaForm(page, username, USER_PASSWORD);
    await expectTitle(page, USER_LIST.de);

    const fresh = await journey.open('zh-CN');
    await loginViaForm(fresh, username, USER_PASSWORD);
    await expectTitle(fresh, USER_LIST.de);

    // A newer choice on a login page replaces the account's, and the next browser follows it.
    const other = await journey.open('en-US');
    await other.goto('/login');
    await other.getByTestId('lang-switch').click();
    await other.getByTestId('lang-option-cs').click();
    await loginViaForm(other, username, USER_PASSWORD);
    await expectTitle(other, USER_LIST.cs);
    const third = await journey.open('de-DE');
    await loginViaForm(third, username, USER_PASSWORD);
    await expectTitle(third, USER_LIST.cs);
  });
});
