import { expect, test } from '@playwright/test';
import { expectTitle, loginViaForm, setupJourney, USER_PASSWORD } from './support/journey.js';

test.describe('no permitted module', () => {
  const journey = setupJourney();

  test('sends a user whose role has no modules to /403 after login', async () => {
    const { username } = await journey.userWith([], 'nomodule');
    const page = await journey.open();
    await loginViaForm(page, username, USER_PASSWORD);

    await page.waitForURL('**/403');
    await expectTitle(page, '403');
    expect(await page.getByTestId('menu').count()).toBe(0);
    await page.getByText('You have no permission to view any page').waitFor();

    // The root and any page lead there too while signed in.
    await page.goto('/');
    await page.waitForURL('**/403');
    await expectTitle(page, '403');

    // The way out: another account (opening /login signs out).
    await page.getByRole('button', { name: 'Sign in with another account' }).click();
    await page.getByTestId('login-submit').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('voltfleet.state'))).toBeNull();
  });
});
