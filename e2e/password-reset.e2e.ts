import { expect, test } from '@playwright/test';
import { runEnv } from './support/run-env.js';
import { receivedMails } from './support/mailbox.js';
import {
  ADMIN_PASSWORD,
  USER_PASSWORD,
  WAIT_MS,
  expectNotice,
  loginViaForm,
  setupJourney,
  solveCodeCaptcha,
} from './support/journey.js';

const NEW_PASSWORD = 'Fresh-pw-22';

/** The code of the reset mail to `to`. */
async function resetCode(to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await receivedMails(runEnv('mailboxUrl'))).find(
          (m) => m.to === to && /password reset code/.test(m.subject),
        );
        return (code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1]);
      },
      { timeout: WAIT_MS },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

test.describe('password reset by code', () => {
  const journey = setupJourney();

  /** A subordinate of the administrator with an e-mail address; returns its username and address. */
  async function userWithMail(): Promise<{ username: string; email: string }> {
    const { username, roleId } = await journey.userWith(['A', 'A/A'], 'reset');
    const email = `${username}@example.test`;
    const users = (await journey.api.call('GET', `/api/users?keyword=${username}`, { token: journey.admin })) as {
      items: { id: number; name: string; level: number }[];
    };
    const user = users.items[0]!;
    await journey.api.call('PUT', `/api/users/${user.id}`, {
      token: journey.admin,
      body: { name: user.name, level: user.level, roleId, email },
    });
    return { username, email };
  }

  test('an administrator sends a subordinate a code from the user list; the user sets a new password with it', async () => {
    const { username, email } = await userWithMail();
    const admin = await journey.open();
    await loginViaForm(admin, 'admin', ADMIN_PASSWORD, '/userCenter/userList');
    // The other journeys' users fill the list: look the new one up by name. The search's answer holds the one user;
    // wait for it rather than page through the unfiltered list still shown while it is on its way (the pager could
    // say "last page" of that list before the answer replaced it).
    await admin.getByTestId('user-search').locator('input').fill(username);
    await admin.getByTestId('user-search').locator('input').press('Enter');
    const row = admin.getByTestId('user-table').locator('tbody tr', { hasText: username }).first();
    await row.waitFor({ timeout: WAIT_MS });
    await row.getByTestId(`user-reset-password-${username}`).click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: 'Reset password' }).click();
    await expectNotice(admin, 'Sent successfully');

    const page = await journey.open();
    await page.goto('/resetPassword');
    await page.getByTestId('reset-account').fill(username);
    await page.getByTestId('reset-code').fill(await resetCode(email));
    await page.getByTestId('reset-password').fill(NEW_PASSWORD);
    await page.getByTestId('reset-confirm').fill(NEW_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-success').getByText('Password reset: please log in with the new password').waitFor();
    await page.getByTestId('reset-to-login').click();
    await loginViaForm(page, username, NEW_PASSWORD);
    await page.getByTestId('menu').waitFor();
    // The old password no longer opens the account.
    await expect(journey.api.login(username, USER_PASSWORD)).rejects.toThrow();
  });

  test('"Forgot password?" on the login page sends a code to the address typed', async () => {
    const { username, email } = await userWithMail();
    const page = await journey.open();
    await page.goto('/login');
    await page.getByTestId('login-forgot-password').click();
    await page.getByTestId('reset-account').fill(email);
    await solveCodeCaptcha(page, 'reset');
    await page.getByTestId('reset-send-code').click();
    await expectNotice(page, 'Sent successfully');
    await page.getByTestId('reset-code').fill(await resetCode(email));
    await page.getByTestId('reset-password').fill(NEW_PASSWORD);
    await page.getByTestId('reset-confirm').fill(NEW_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-success').waitFor();
    await page.goto('/login');
    await loginViaForm(page, username, NEW_PASSWORD);
    await page.getByTestId('menu').waitFor();
  });
});
