import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  expectNotice,
  expectTitle,
  loginViaForm,
  setupJourney,
  showRow,
  unique,
} from './support/journey.js';

interface RoleRow {
  id: number;
  name: string;
  permissions: string[];
  views: string[];
}

/** The admin's role list page, signed in through the form. */
async function openRoleList(page: Page): Promise<void> {
  await loginViaForm(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-item-roleList').click();
  await expectTitle(page, 'Role list');
  await page.getByTestId('role-table').waitFor();
}

const roleRow = (page: Page, name: string) => page.getByTestId('role-table').locator('tr', { hasText: name });

/** Clicks a role's delete action and confirms it in the pop-up that names the role. */
async function deleteRole(page: Page, name: string): Promise<void> {
  await showRow(page, 'role-table', name);
  await page.getByTestId(`role-delete-${name}`).click();
  await page.locator('.ant-popconfirm', { hasText: name }).getByRole('button', { name: 'Delete' }).click();
}

test.describe('role editor', () => {
  const journey = setupJourney();

  test('creates a role from ticked tree nodes and lists it', async () => {
    const page = await journey.open();
    await openRoleList(page);
    const name = unique('editor');

    await page.getByTestId('role-add').click();
    const form = page.getByTestId('role-form');
    await page.getByTestId('role-form-name').fill(name);
    await page.getByTestId('role-form-description').fill('Made by the role journey');
    const node = (title: string) =>
      page.getByTestId('role-permission-tree').locator('.ant-tree-treenode', { hasText: title }).first();
    // A page brings its module and functions; a function can be taken away again.
    await node('User list').locator('.ant-tree-checkbox').click();
    await node('Operation records').locator('.ant-tree-checkbox').click();
    await node('Delete user').locator('.ant-tree-checkbox').click();
    expect(await node('User Center').locator('.ant-tree-checkbox-checked').count()).toBe(1);
    expect(await node('Delete user').locator('.ant-tree-checkbox-checked').count()).toBe(0);
    await form.getByRole('checkbox', { name: 'Map big screen' }).check();
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Save' }).click();

    await expectNotice(page, 'Added');
    await form.waitFor({ state: 'detached' });
    expect(await (await showRow(page, 'role-table', name)).innerText()).toContain('Made by the role journey');

    const saved = (await journey.api.call<RoleRow[]>('GET', '/api/roles', { token: journey.admin })).find(
      (r) => r.name === name,
    );
    expect([...(saved?.permissions ?? [])].sort()).toEqual(['D', 'D/A', 'D/A:user.add', 'D/A:user.edit', 'D/D']);
    expect(saved?.views).toEqual(['bigScreen/map']);
  });

  test('refuses to delete a role a user holds, and deletes a free one', async () => {
    const held = await journey.userWith(['D', 'D/A'], 'held');
    const free = unique('free_role');
    await journey.api.createRole(journey.admin, free, ['D', 'D/D']);
    const page = await journey.open();
    await openRoleList(page);

    await deleteRole(page, held.roleName);
    await expectNotice(page, 'Users still hold this role, so it cannot be deleted');
    await roleRow(page, held.roleName).waitFor();

    await deleteRole(page, free);
    await expectNotice(page, 'Deleted');
    await roleRow(page, free).waitFor({ state: 'detached' });
    // The list read again keeps the free role's page; the held one, made first, may sit on an earlier one.
    await showRow(page, 'role-table', held.roleName);
  });
});
