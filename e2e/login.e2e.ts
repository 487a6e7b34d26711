import { expect, test, type Locator } from '@playwright/test';
import {
  CAPTCHA_CODE,
  captchaImage,
  expectNotice,
  expectTitle,
  fillLoginForm,
  location,
  setupJourney,
  USER_PASSWORD,
  WAIT_MS,
} from './support/journey.js';

/** Resolves once the captcha shows a loaded picture other than `previous`; returns its data URL. */
async function nextCaptcha(img: Locator, previous: string | null): Promise<string> {
  let src: string | null = null;
  await expect
    .poll(
      async () => {
        src = await img.getAttribute('src', { timeout: 500 }).catch(() => null);
        const shown = await img
          .evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)
          .catch(() => false);
        return shown && src !== null && src !== previous;
      },
      { timeout: WAIT_MS },
    )
    .toBe(true);
  return src ?? '';
}

test.describe('login', () => {
  const journey = setupJourney();

  test('shows a captcha picture large enough to read; a click, Enter or Space loads a new one', async () => {
    const page = await journey.open();
    await page.goto('/login');
    await expectTitle(page, 'Solar and battery fleet management');
    const img = captchaImage(page);
    const first = await nextCaptcha(img, null);
    expect(first).toMatch(/^data:image\//);
    expect(await img.isVisible()).toBe(true);
    // Drawn at the size it is shown: four glyphs need about 160 × 56 px to be read.
    const box = await img.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(160);
    expect(box?.height).toBeGreaterThanOrEqual(54);
    expect(await img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([168, 56]);

    const button = page.getByRole('button', { name: 'New captcha picture' });
    await button.click();
    const second = await nextCaptcha(img, first);
    expect(second).toMatch(/^data:image\//);

    // Keyboard users get the same: the picture is a button.
    await button.focus();
    await page.keyboard.press('Enter');
    const third = await nextCaptcha(img, second);
    await button.focus();
    await page.keyboard.press('Space');
    await nextCaptcha(img, third);
  });

  test('signs in with the typed captcha and lands on the first permitted page', async () => {
    // Records and roles, but not the user list: the first permitted page is the operation records.
    const { username } = await journey.userWith(['D', 'D/D', 'E'], 'login');
    const page = await journey.open();
    await page.goto('/login');
    await captchaImage(page).waitFor();
    await page.getByTestId('login-username').pressSequentially(username);
    await page.getByTestId('login-password').pressSequentially(USER_PASSWORD);
    await page.getByTestId('login-captcha-input').pressSequentially(CAPTCHA_CODE);
    await page.getByTestId('login-submit').click();

    await page.waitForURL('**/userCenter/operateRecord');
    await expectTitle(page, 'Operation records');
    await page.getByTestId('menu').waitFor();
    await page.getByTestId('user-menu').filter({ hasText: username }).waitFor();
  });

  test('shows the server message and a new captcha after a wrong password', async () => {
    const { username } = await journey.userWith(['D', 'D/A'], 'wrongpw');
    const page = await journey.open();
    await page.goto('/login');
    await fillLoginForm(page, username, 'Wrong-pass-9');
    const used = await captchaImage(page).getAttribute('src');
    await page.getByTestId('login-submit').click();

    await expectNotice(page, 'Wrong username or password');
    await nextCaptcha(captchaImage(page), used);
    expect(await page.getByTestId('login-captcha-input').inputValue()).toBe('');
    expect(location(page)).toBe('/login');

    // The new captcha is good for the next try.
    await fillLoginForm(page, username, USER_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/userCenter/userList');
    await expectTitle(page, 'User list');
  });

  test('asks for every field when the form is sent empty', async () => {
    const page = await journey.open();
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/auth/login')) sent.push(req.url());
    });
    await page.goto('/login');
    await captchaImage(page).waitFor();
    await page.getByTestId('login-submit').click();

    const error = (field: string) => page.locator(`#login-${field}-error`);
    await error('username').filter({ hasText: 'This field is required' }).waitFor();
    await error('captchaCode').filter({ hasText: 'This field is required' }).waitFor();
    expect(await error('password').innerText()).not.toBe('');
    expect(await page.getByTestId('login-username').getAttribute('aria-invalid')).toBe('true');

    // The messages follow the typing; nothing went to the server.
    await page.getByTestId('login-username').fill('someone');
    await expect.poll(() => error('username').innerText()).toBe('');
    expect(await error('captchaCode').innerText()).toBe('This field is required');
    expect(sent).toEqual([]);
    expect(location(page)).toBe('/login');
  });
});
