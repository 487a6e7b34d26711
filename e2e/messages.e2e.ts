import { expect, test } from '@playwright/test';
import { USER_PASSWORD, expectTitle, loginViaForm, setupJourney, unique } from './support/journey.js';

interface Notice {
  id: number;
}

const texts = (title: string) =>
  Object.fromEntries(
    ['zh', 'en', 'cs', 'de'].map((lang) => [lang, { title: `${title} ${lang}`, body: `Body ${lang}` }]),
  );

test.describe('in-app messages', () => {
  const journey = setupJourney();

  test('the bell counts a new message live; the page marks it read and deletes it, and the bell follows', async () => {
    // A user without the Alarm Center: their own messages are theirs all the same.
    const { username } = await journey.userWith(['A', 'A/A'], 'inbox');
    const page = await journey.open('en-US');
    await loginViaForm(page, username, USER_PASSWORD);
    const bell = page.getByTestId('notification-bell');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications: 0');

    // A notice published while the page is open reaches the bell over the live channel, no reload.
    const notice = await journey.api.call<Notice>('POST', '/api/notices', {
      token: journey.admin,
      body: { version: '9.8.6', date: '2026-11-26', texts: texts(unique('Inbox')) },
    });
    try {
      await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications: 1');

      await bell.click();
      const popover = page.getByTestId('bell-popover');
      await popover.getByText('Upgrade notice for version 9.8.6 published').waitFor();
      await popover.getByTestId('bell-view-all').click();
      await expectTitle(page, 'Messages');

      const item = page.getByTestId('message-list').locator('li').first();
      await expect.poll(() => item.innerText()).toContain('Upgrade notice for version 9.8.6 published');
      await item.locator('input[type=checkbox]').check();
      await page.getByTestId('messages-mark-read').click();
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications: 0');
      await expect.poll(() => item.getAttribute('data-unread')).toBe('false');

      await item.locator('input[type=checkbox]').check();
      await page.getByTestId('messages-delete').click();
      await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
      await page.getByTestId('messages-empty').waitFor();
    } finally {
      await journey.api.call('DELETE', `/api/notices/${notice.id}`, { token: journey.admin });
    }
  });
});
