import { expect, test } from '@playwright/test';
import { expectTitle, loginViaForm, readMenu, setupJourney, USER_PASSWORD } from './support/journey.js';

test.describe('menus and permissions', () => {
  const journey = setupJourney();

  test('role A (D, D/A) sees User Center → User list only, and no add button without D/A:user.add', async () => {
    const { username } = await journey.userWith(['D', 'D/A'], 'menuA');
    const page = await journey.open();
    await loginViaForm(page, username, USER_PASSWORD);

    expect(new URL(page.url()).pathname).toBe('/userCenter/userList');
    expect(await readMenu(page)).toEqual({ modules: ['User Center'], pages: ['userList'] });
    expect(await page.getByTestId('menu').locator('.ant-menu-item-group-title').allInnerTexts()).toEqual([
      'User management',
    ]);
    await expectTitle(page, 'User list');
    await page.getByTestId('user-table').waitFor();
    expect(await page.getByTestId('user-add').count()).toBe(0);
  });

  test('role B (E, D, D/D) sees System Management → Role list and User Center → Operation records', async () => {
    const { username } = await journey.userWith(['E', 'D', 'D/D'], 'menuB');
    const page = await journey.open();
    await loginViaForm(page, username, USER_PASSWORD);

    const menu = await readMenu(page);
    // Modules in permission-table order: User Center (D) before System Management (E).
    expect(menu).toEqual({ modules: ['User Center', 'System Management'], pages: ['operateRecord', 'roleList'] });
    expect(menu.pages).not.toContain('userList');
    expect(await page.getByTestId('menu').innerText()).not.toContain('User list');

    await page.getByTestId('menu-item-roleList').click();
    await page.waitForURL('**/systemManage/roleList');
    await expectTitle(page, 'Role list');
    // Role B holds no E:role.add either.
    await page.getByTestId('role-table').waitFor();
    expect(await page.getByTestId('role-add').count()).toBe(0);
  });

  test('shows the add-user button to a role holding D/A:user.add', async () => {
    const { username } = await journey.userWith(['D', 'D/A', 'D/A:user.add'], 'menuC');
    const page = await journey.open();
    await loginViaForm(page, username, USER_PASSWORD);

    await expectTitle(page, 'User list');
    await page.getByTestId('user-add').waitFor();
    // Only the granted function: no edit or delete actions on the rows.
    expect(await page.locator('[data-testid^="user-edit-"], [data-testid^="user-delete-"]').count()).toBe(0);
  });

  test('answers a page outside the permissions with the shell 404, and a stranger with /login', async () => {
    const { username } = await journey.userWith(['D', 'D/A'], 'menuD');
    const page = await journey.open();
    await loginViaForm(page, username, USER_PASSWORD);
    await expectTitle(page, 'User list');

    // Not registered for this user: the shell's catch-all page, menu still there.
    for (const path of ['/systemManage/roleList', '/userCenter/operateRecord']) {
      await page.goto(path);
      await expectTitle(page, '404');
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await readMenu(page)).toEqual({ modules: ['User Center'], pages: ['userList'] });
      expect(await page.getByTestId('role-table').count()).toBe(0);
    }
    await page.getByRole('button', { name: 'Back to home' }).click();
    await page.waitForURL('**/userCenter/userList');

    // A permitted page is open to a signed-in user only.
    const stranger = await journey.open();
    await stranger.goto('/systemManage/roleList');
    await stranger.waitForURL('**/login?from=%2FsystemManage%2FroleList');
  });
});
