// Typing a day into the app's day fields the way a user does: Ant Design's DatePicker, shown on some pages as a
// look-alike until it is reached for (apps/web/src/components/day-field.tsx).
import type { Page } from '@playwright/test';

/**
 * Types `day` (as the picker shows days in the page's language: 2026-03-05 in English) into the day field with test
 * id `testId` and leaves it with Tab, which keeps the day (Enter would also submit a form around it). A field still
 * showing its look-alike is clicked first: that loads the picker, opened and focused.
 */
export async function typeDay(page: Page, testId: string, day: string): Promise<void> {
  const input = page.locator(`input[data-testid="${testId}"]`);
  if ((await input.count()) === 0) await page.getByTestId(testId).click();
  await input.fill(day);
  await input.press('Tab');
}
