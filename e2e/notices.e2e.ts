import { expect, test } from '@playwright/test';
import { USER_PASSWORD, expectTitle, loginViaForm, setupJourney, unique } from './support/journey.js';

interface Notice {
  id: number;
}

const texts = (title: string) =>
  Object.fromEntries(
    ['zh', 'en', 'cs', 'de'].map((lang) => [lang, { title: `${title} ${lang}`, body: `Body ${lang}` }]),
  );

test.describe('upgrade notices', () => {
  const journey = setupJourney();

  test('greets a user once with a new notice; dismissed, it stays in the list and away from the next login', async () => {
    const title = unique('Notice');
    // The account exists before the notice: a notice published before an account was made does not greet it.
    const { username } = await journey.userWith(['A', 'A/A'], 'noticee');
    const notice = await journey.api.call<Notice>('POST', '/api/notices', {
      token: journey.admin,
      body: { version: '9.8.7', date: '2026-11-26', texts: texts(title) },
    });
    // Withdrawn whatever happens: a notice left behind would greet every later journey with a dialog.
    try {
      // A zh-CN browser starts in Chinese (R1.4): the notice comes in the user's language.
      const page = await journey.open('zh-CN');
      await loginViaForm(page, username, USER_PASSWORD);
      const dialog = page.getByRole('dialog');
      await expect.poll(() => page.getByTestId('notice-title').innerText()).toBe(`${title} zh`);
      await dialog.getByTestId('notice-dismiss').click();
      await dialog.waitFor({ state: 'detached' });

      // Another browser: the dismissal is the server's, so no dialog; the list still has the notice.
      const again = await journey.open('zh-CN');
      await loginViaForm(again, username, USER_PASSWORD);
      await again.getByTestId('help').click();
      await again.getByTestId('help-notices').click();
      await expectTitle(again, '升级公告');
      await again.getByText(`${title} zh`).waitFor();
      expect(await again.getByTestId('notice-title').count()).toBe(0);
    } finally {
      await journey.api.call('DELETE', `/api/notices/${notice.id}`, { token: journey.admin });
    }
  });
});
