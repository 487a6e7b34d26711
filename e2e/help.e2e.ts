import { expect, test, type Page } from '@playwright/test';
import { USER_PASSWORD, expectTitle, loginViaForm, setupJourney } from './support/journey.js';

/** Opens help with the header button named `name` and returns the drawer's help for the current screen. */
async function openHelp(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  const help = page.getByTestId('help-screen');
  await help.waitFor();
  return help;
}

test.describe('help', () => {
  const journey = setupJourney();

  test('explains the current screen, with the fault handling of the catalogue, in the chosen language', async () => {
    // Alarm overview only: the user lands on it after login.
    const { username } = await journey.userWith(['C', 'C/B'], 'helper');
    const page = await journey.open('en-US');
    await loginViaForm(page, username, USER_PASSWORD);
    await expectTitle(page, 'Alarm overview');

    const help = await openHelp(page, 'Help');
    expect(await help.getAttribute('data-screen')).toBe('alarmOverView');
    expect(await help.getByRole('heading', { level: 4 }).innerText()).toBe('Alarm overview');
    expect(await help.innerText()).toContain('Click any figure to open the alarm search');
    // The catalogue's handling texts, in English: every entry ends by naming support.
    const fault = help.getByTestId('help-fault').first();
    expect(await fault.innerText()).toContain('Handling:');
    expect(await fault.innerText()).toContain('contact support');

    // Another screen's help from the index, then back.
    await page.getByTestId('help-index-alarmRules').click();
    await expect.poll(() => help.getAttribute('data-screen')).toBe('alarmRules');
    await page.getByTestId('help-back').click();
    await expect.poll(() => help.getAttribute('data-screen')).toBe('alarmOverView');
    await page.getByTestId('help-close').click();
    await page.getByTestId('help-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-option-de').click();
    await expectTitle(page, 'Alarmübersicht');

    const hilfe = await openHelp(page, 'Hilfe');
    expect(await hilfe.getByRole('heading', { level: 4 }).innerText()).toBe('Alarmübersicht');
    expect(await hilfe.innerText()).toContain('Ein Klick auf eine Zahl öffnet die Alarmsuche');
    expect(await hilfe.getByTestId('help-faults').innerText()).toContain('Störungskatalog');
    const germanFault = hilfe.getByTestId('help-fault').first();
    expect(await germanFault.innerText()).toContain('Abhilfe:');
    expect(await germanFault.innerText()).toContain('den Support kontaktieren');

    // The search narrows the catalogue to matching faults, in German.
    const all = await hilfe.getByTestId('help-fault').count();
    await hilfe.getByTestId('help-faults-search').locator('input').fill('Isolation');
    await expect.poll(() => hilfe.getByTestId('help-fault').count()).toBeLessThan(all);
    expect(await hilfe.getByTestId('help-fault').count()).toBeGreaterThan(0);
  });
});
