import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import {
  USER_PASSWORD,
  WAIT_MS,
  expectNotice,
  expectTitle,
  fillLoginForm,
  loginViaForm,
  setupJourney,
  showRow,
  tableLoaded,
  unique,
} from './support/journey.js';
import { plantBody } from './support/plants.js';

interface Created {
  id: number;
  username: string;
}

const MANAGER_GRANT = ['D', 'D/A', 'D/A:user.add', 'D/A:user.edit', 'D/A:user.delete'];

/** Opens the user list as `username` (signing in first), and waits for its table. */
async function openUserList(page: Page, username: string): Promise<void> {
  await page.goto('/userCenter/userList');
  await page.waitForURL('**/login?from=%2FuserCenter%2FuserList');
  await loginViaForm(page, username, USER_PASSWORD);
  await page.waitForURL('**/userCenter/userList');
  await tableLoaded(page.getByTestId('user-table'));
}

test.describe('user list: disable and delete; the avatar', () => {
  const journey = setupJourney();
  let manager: { username: string; roleId: number; id: number; token: string };

  test.beforeAll(async () => {
    const made = await journey.userWith(MANAGER_GRANT, 'mgr');
    const token = await journey.api.login(made.username, USER_PASSWORD);
    const me = await journey.api.call<{ user: { id: number } }>('GET', '/api/auth/me', { token });
    manager = { ...made, id: me.user.id, token };
  });

  /** A user below `token`'s account with the manager's role (so they may add users below themselves). */
  async function subordinateOf(token: string, prefix: string): Promise<Created> {
    const username = unique(prefix);
    const user = await journey.api.createUser(token, { username, password: USER_PASSWORD, roleId: manager.roleId });
    return { id: user.id, username };
  }

  test('en: disabling signs the user out and login says so; deleting hands their plant and subordinate over', async () => {
    const leaf = await subordinateOf(manager.token, 'leaf');
    const child = await subordinateOf(await journey.api.login(leaf.username, USER_PASSWORD), 'child');
    const plant = await journey.api.call<{ plantId: number }>('POST', '/api/plants', {
      token: journey.admin,
      body: {
        ...plantBody(unique('LeafRoof'), { powerKw: 8, address: 'Roof street 1, Prague' }),
        ownerId: leaf.id,
      },
    });

    // The leaf is signed in elsewhere.
    const leafPage = await journey.open();
    await leafPage.goto('/login');
    await loginViaForm(leafPage, leaf.username, USER_PASSWORD);

    const page = await journey.open();
    await openUserList(page, manager.username);
    const row = await showRow(page, 'user-table', leaf.username);
    await row.getByTestId(`user-disable-${leaf.username}`).click();
    await page.getByTestId('user-disable-confirm').click();
    await expectNotice(page, 'Disabled; the user has been signed out');
    await expect.poll(() => row.innerText(), { timeout: WAIT_MS }).toContain('Disabled');

    // Their open session is over at its next request, and the login form says why, not "wrong password".
    await leafPage.goto('/personalCenter');
    await leafPage.waitForURL((url) => url.pathname === '/login');
    await fillLoginForm(leafPage, leaf.username, USER_PASSWORD);
    await leafPage.getByTestId('login-submit').click();
    await expectNotice(leafPage, 'This account is disabled, please contact your superior');

    // Delete: the dialog says what happens before it happens.
    await row.getByTestId(`user-delete-${leaf.username}`).click();
    const text = page.getByTestId('user-delete-text');
    expect(await text.innerText()).toBe(
      `${leaf.username} can no longer log in. Their plants and devices and their subordinate users (with everyone ` +
        `below them) move to you (${manager.username} (${manager.username})); so do the roles they created and the ` +
        'work orders they opened. This cannot be undone.',
    );
    await page.getByTestId('user-delete-confirm').click();
    await expectNotice(page, 'Deleted; 1 plants, 0 devices and 1 subordinate users are now yours');
    const childRow = await showRow(page, 'user-table', child.username);
    await expect.poll(() => childRow.innerText(), { timeout: WAIT_MS }).toContain(manager.username);
    expect(await page.getByTestId('user-table').locator('tbody tr', { hasText: leaf.username }).count()).toBe(0);

    const stored = await journey.api.call<{ ownerId: number }>('GET', `/api/plants/${plant.plantId}`, {
      token: journey.admin,
    });
    expect(stored.ownerId).toBe(manager.id);
  });

  for (const [locale, words] of [
    ['zh-CN', '将无法再登录。其电站和设备以及其下级用户（连同他们的所有下级）将转给您'],
    ['cs-CZ', 'se už nebude moci přihlásit. Jeho elektrárny a zařízení i jeho podřízení uživatelé'],
    ['de-DE', 'kann sich nicht mehr anmelden. Seine Anlagen und Geräte sowie seine untergeordneten Benutzer'],
    ['en-GB', 'can no longer log in. Their plants and devices and their subordinate users'],
  ] as const) {
    test(`${locale}: the delete confirmation says what moves, and cancelling deletes nothing`, async () => {
      const target = await subordinateOf(manager.token, 'keep');
      // The account's own language choice is what a login applies (the browser decides only until one is made).
      const language = locale.slice(0, 2);
      await journey.api.call('PUT', '/api/auth/me/language', { token: manager.token, body: { language } });
      const page = await journey.open(locale);
      await openUserList(page, manager.username);
      const row = await showRow(page, 'user-table', target.username);
      await row.getByTestId(`user-delete-${target.username}`).click();
      const text = await page.getByTestId('user-delete-text').innerText();
      expect(text.startsWith(`${target.username}`)).toBe(true);
      expect(text).toContain(words);
      await page.locator('.ant-modal-footer button').first().click();
      await page.getByTestId('user-delete-text').waitFor({ state: 'hidden' });
      const still = await journey.api.call('GET', `/api/users/${target.id}`, { token: manager.token });
      expect(still).toMatchObject({ username: target.username });
    });
  }

  for (const [reducedMotion, zooms] of [
    ['no-preference', true],
    ['reduce', false],
  ] as const) {
    test(`with motion ${reducedMotion}, the dialog zooms in: ${zooms}`, async () => {
      const target = await subordinateOf(manager.token, 'still');
      await journey.api.call('PUT', '/api/auth/me/language', { token: manager.token, body: { language: 'en' } });
      const page = await journey.open('en-US', { reducedMotion });
      await openUserList(page, manager.username);
      const row = await showRow(page, 'user-table', target.username);
      // Watched from before the click: the zoom's classes last only while it runs. Its "active" step is the animation
      // itself; without motion the dialog still passes through the "prepare" step (a frame, nothing moves).
      await page.evaluate(() => {
        const seen = document.documentElement.dataset;
        new MutationObserver(() => {
          if (document.querySelector('.ant-modal.ant-zoom-appear-active, .ant-modal.ant-zoom-enter-active'))
            seen.zoomSeen = 'yes';
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      });
      await row.getByTestId(`user-delete-${target.username}`).click();
      await page.getByTestId('user-delete-text').waitFor();
      await page.waitForTimeout(400); // longer than Ant Design's slowest motion (0.3 s)
      expect(await page.evaluate(() => document.documentElement.dataset.zoomSeen === 'yes')).toBe(zooms);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByTestId('user-delete-text').waitFor({ state: 'hidden' });
    });
  }

  test('uploads an avatar: re-encoded, shown in the personal centre and in the user menu', async () => {
    await journey.api.call('PUT', '/api/auth/me/language', { token: manager.token, body: { language: 'en' } });
    const page = await journey.open();
    await loginViaForm(page, manager.username, USER_PASSWORD);
    await page.getByTestId('user-menu').click();
    await expectTitle(page, 'Personal center');
    await page.getByTestId('avatar-card').waitFor();
    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a7' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam' } })
      .toBuffer();
    await page.getByTestId('avatar-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture });
    await expectNotice(page, 'Uploaded');
    const shown = page.getByTestId('avatar-image');
    await shown.waitFor();
    const src = (await shown.getAttribute('src'))!;
    expect(src).toMatch(/^\/api\/users\/\d+\/avatar\?v=/);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    expect(await page.getByTestId('user-menu-avatar').getAttribute('src')).toBe(src);

    // What the browser got is our WebP, without the camera's metadata.
    const served = await page.request.get(src);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(await served.body()).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();

    // A renamed text file is refused with the server's reason.
    await page.getByTestId('avatar-input').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture\n'),
    });
    await expectNotice(page, 'Only JPEG, PNG or WebP images can be uploaded');
    expect(await shown.getAttribute('src')).toBe(src);
  });
});
