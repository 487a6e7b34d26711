// Picking an option of an Ant Design select the way a user does: open it, click the option, see it chosen.
import type { Locator, Page } from '@playwright/test';

/**
 * Opens `select`, clicks the option reading `label` and waits until the select shows it. A click that lands while the
 * dropdown (or the modal holding the select) is still sliding in can miss the option; a user would see the empty
 * select and click again, and so does this, at most three times, so a select that never takes the option still fails.
 * The dropdown can also close before its option is clicked (a modal sliding in moves the focus away from the select):
 * the option's click then waits only a few seconds before the select is opened again. `search`: typed into a
 * searchable select first, as a user narrows a long list (its dropdown renders only the options in view).
 */
export async function chooseOption(page: Page, select: Locator, label: string, search?: string): Promise<void> {
  // The test id sits on the select's search input or on its root, depending on the component: look from the root.
  const root = select.locator('xpath=ancestor-or-self::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  // Ant Design 6 shows the chosen option's label as the title of the select's content.
  const chosen = root.locator(`.ant-select-content[title=${JSON.stringify(label)}]`);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await select.click();
      if (search !== undefined) await root.locator('input').first().fill(search);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .getByText(label, { exact: true })
        .first()
        .click({ timeout: 4_000 });
      await chosen.waitFor({ timeout: 2_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
