import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, WAIT_MS, expectTitle, loginViaForm, setupJourney } from './support/journey.js';

const GOOD_0A_QUERY = 'fe 55 64 14 0a 00 00 de ae';
/** The same request with its checksum byte changed (de → df). */
const BAD_CHECKSUM = 'fe 55 64 14\n0a 00 00 df ae';

test.describe('online debug, result analysis', () => {
  const journey = setupJourney();

  async function openAnalysis(): Promise<Page> {
    const page = await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD);
    await page.getByTestId('menu-item-onlineDebug').click();
    await page.waitForURL('**/deviceCenter/onlineDebug');
    await expectTitle(page, 'Online debugging');
    await page.getByRole('tab', { name: 'Result analysis' }).click();
    await page.getByTestId('debug-frame-input').waitFor();
    return page;
  }

  const text = (page: Page, testId: string) =>
    page
      .getByTestId(testId)
      .innerText({ timeout: 1000 })
      .catch(() => '');

  test('decodes a pasted query frame and shows the checksum verdict of a malformed one', async () => {
    const page = await openAnalysis();
    const input = page.getByTestId('debug-frame-input');

    await input.fill(GOOD_0A_QUERY);
    await expect.poll(() => text(page, 'debug-checksum'), { timeout: WAIT_MS }).toBe('correct');
    expect(await text(page, 'debug-frame-command')).toBe('0A');
    expect(await text(page, 'debug-frame-direction')).toBe('Request');
    expect(await page.getByTestId('debug-frame-query').isVisible()).toBe(true);

    await input.fill(BAD_CHECKSUM);
    await expect.poll(() => text(page, 'debug-checksum'), { timeout: WAIT_MS }).toBe('wrong (expected de, got df)');
    expect(await text(page, 'debug-frame-error')).toContain('Bad checksum: expected de, got df');
    expect(await page.getByTestId('debug-frame-summary').count()).toBe(0);

    await input.fill('fe 55 zz');
    await expect.poll(() => text(page, 'debug-frame-error'), { timeout: WAIT_MS }).toMatch(/hex/i);
    expect(await page.getByTestId('debug-analysis').count()).toBe(0);
  });
});
