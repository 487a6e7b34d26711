// Driving Ant Design's Select and DatePicker in component tests the way a user does (open, click; type a day, Enter).
import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The select's combobox: the test id sits on the select's root (or on the combobox itself). */
const comboboxOf = (select: HTMLElement): HTMLElement =>
  select.getAttribute('role') === 'combobox' ? select : within(select).getByRole('combobox');

/** The open dropdown of this combobox (a closed one stays in the page, with options of the same names). */
async function dropdownOf(combobox: HTMLElement): Promise<HTMLElement> {
  const id = combobox.getAttribute('aria-controls') ?? `${combobox.id}_list`;
  const list = await waitFor(() => {
    const found = document.getElementById(id);
    if (!found) throw new Error(`no dropdown ${id}`);
    return found;
  });
  return list.closest<HTMLElement>('.ant-select-dropdown') ?? document.body;
}

/** Opens `select` and clicks the option reading `label`. */
export async function chooseOption(user: UserEvent, select: HTMLElement, label: string): Promise<void> {
  const combobox = comboboxOf(select);
  await user.click(combobox);
  const options = await within(await dropdownOf(combobox)).findAllByTitle(label);
  const option = options.find((o) => o.classList.contains('ant-select-item-option'));
  if (!option) throw new Error(`no option "${label}"`);
  await user.click(option);
}

/** What the select shows as chosen (its option's label), or '' when nothing is. */
export function chosenLabel(select: HTMLElement): string {
  const root = select.closest('.ant-select') ?? select;
  const shown = root.querySelector('.ant-select-content[title], .ant-select-selection-item');
  return shown?.getAttribute('title') ?? shown?.textContent ?? '';
}

/**
 * Types a day (YYYY-MM-DD) into a DatePicker's input and leaves it with Tab, which keeps the day (Enter would also
 * submit the form around it).
 */
export async function typeDay(user: UserEvent, input: HTMLElement, day: string): Promise<void> {
  await user.click(input);
  await user.clear(input);
  await user.type(input, day);
  await user.tab();
}
