// Steps in a tariff period editor (the plant's tariff tab and the tariff command form share the row component).
import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './select.js';

/** Ant Design puts the test id on the input or on its wrapper, depending on the component. */
export const antInput = (scope: Page | Locator, testId: string): Locator =>
  scope.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

/** The steps on the rows that `rowOf` finds on a page. */
export function tariffRowSteps(rowOf: (page: Page, index: number) => Locator) {
  return {
    /** Picks an option of the Ant Design select inside a row. */
    async chooseType(page: Page, index: number, label: string): Promise<void> {
      await chooseOption(page, rowOf(page, index).getByTestId('tariff-type'), label);
    },
    /** Types a time into a row's time picker and commits it with Enter. */
    async setTime(page: Page, index: number, which: 'start' | 'end', hhmm: string): Promise<void> {
      const box = antInput(rowOf(page, index), `tariff-${which}`);
      await box.click();
      await box.fill(hhmm);
      await box.press('Enter');
      await expect.poll(() => box.inputValue()).toBe(hhmm);
    },
  };
}
