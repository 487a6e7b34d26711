import { expect, test, type Page } from '@playwright/test';
import { expectNotice, expectTitle, location, loginViaForm, setupJourney, USER_PASSWORD } from './support/journey.js';

const persistedState = (page: Page) => page.evaluate(() => localStorage.getItem('voltfleet.state'));

test.describe('logout and session end', () => {
  const journey = setupJourney();

  test('exits to /login, guards deep links with ?from=, and returns there after login', async () => {
    const { username } = await journey.userWith(['D', 'D/A', 'D/D', 'E'], 'logout');
    const page = await journey.open();
    await loginViaForm(page, username, USER_PASSWORD);
    await expectTitle(page, 'User list');
    expect(await persistedState(page)).not.toBeNull();

    await page.getByTestId('logout').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(location(page)).toBe('/login');
    await page.getByTestId('login-submit').waitFor();
    await expect.poll(() => persistedState(page)).toBeNull();
    expect(await page.context().cookies()).toEqual([]);

    // The old session is over: a deep link goes to the login page, which brings the user back afterwards.
    await page.goto('/systemManage/roleList');
    await page.waitForURL('**/login?from=%2FsystemManage%2FroleList');
    await loginViaForm(page, username, USER_PASSWORD);
    expect(location(page)).toBe('/systemManage/roleList');
    await expectTitle(page, 'Role list');
  });

  test('sends the user to /login?from=… when the session has ended on the server', async () => {
    const { username } = await journey.userWith(['D', 'D/A', 'D/D'], 'expiry');
    const page = await journey.open();
    await loginViaForm(page, username, USER_PASSWORD);
    await expectTitle(page, 'User list');

    // The cookie is gone (expired, revoked) while the persisted state remains: the next request finds out.
    await page.context().clearCookies();
    expect(await persistedState(page)).not.toBeNull();
    await page.getByTestId('menu-item-operateRecord').click();

    await page.waitForURL('**/login?from=%2FuserCenter%2FoperateRecord');
    await expectNotice(page, 'Please login!');
    await page.getByTestId('login-submit').waitFor();
    await expect.poll(() => persistedState(page)).toBeNull();

    await loginViaForm(page, username, USER_PASSWORD);
    expect(location(page)).toBe('/userCenter/operateRecord');
    await expectTitle(page, 'Operation records');
  });

  test('ends a session revoked through the API on the next fresh load', async () => {
    const { username } = await journey.userWith(['D', 'D/A'], 'revoked');
    const page = await journey.open();
    await loginViaForm(page, username, USER_PASSWORD);
    await expectTitle(page, 'User list');

    // Sign the same session out behind the page's back, then reload: the shell's first request gets a 401.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'user_token');
    expect(cookie).toBeDefined();
    await journey.api.call('POST', '/api/auth/logout', { token: cookie?.value ?? '' });
    await page.reload();

    await page.waitForURL('**/login?from=%2FuserCenter%2FuserList');
    await expectNotice(page, 'Login expired, please login again');
    await page.getByTestId('login-submit').waitFor();
    await expect.poll(() => persistedState(page)).toBeNull();
  });
});
