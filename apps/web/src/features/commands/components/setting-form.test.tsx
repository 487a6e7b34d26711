import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { commandKindName } from '@voltfleet/domain/commands';
import { translate, type Lang } from '@voltfleet/domain/i18n';
import { i18next } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { SettingForm, type Setting } from './setting-form';
import type { PeriodRowProps } from './tariff-periods-fields';

/**
 * The period row is composed in app/ from the plant-config feature (features do not import each other); this one
 * shows what the form hands a row (its errors) and edits its row as the real one does, through onChange: what the
 * row looks like is not the setting form's business.
 */
function PeriodRow({ row, index, errors, onChange }: PeriodRowProps) {
  const mine = Object.entries(errors).filter(([path]) => path.startsWith(`periods.${index}.`));
  return (
    <div data-testid={`period-row-${index}`}>
      {mine.map(([path, message]) => (
        <span key={path} data-testid={`period-error-${path}`}>
          {message}
        </span>
      ))}
      <button type="button" onClick={() => onChange({ ...row, type: 3, price: 0.5 })}>
        {`flat at 0.5 (row ${index})`}
      </button>
    </div>
  );
}

/** Opens an Ant Design select by its field's label and clicks the option with that text. */
async function choose(user: UserEvent, field: string, option: string) {
  const box = screen.getByRole('combobox', { name: field });
  await user.click(box);
  const options = await screen.findAllByTitle(option);
  await user.click(options.find((o) => o.classList.contains('ant-select-item-option'))!);
  // The select shows the option it took (its title) once the form has rendered the choice; a loaded machine is slow.
  await waitFor(
    () => expect(box.closest('.ant-select')?.querySelector('.ant-select-content')?.getAttribute('title')).toBe(option),
    { timeout: 5000 },
  );
}

/** The option texts of the select opened last (each select's list is added to the document when first opened). */
const offered = () =>
  Array.from(
    Array.from(document.querySelectorAll('.ant-select-dropdown')).at(-1)?.querySelectorAll('.ant-select-item-option') ??
      [],
  ).map((o) => o.textContent ?? '');

/** The form's message under the value field (what the field's aria-describedby names), once it is there. */
async function valueMessage(): Promise<HTMLElement> {
  const field = screen.getByRole('spinbutton');
  return waitFor(
    () => {
      const help = document.getElementById(field.getAttribute('aria-describedby') ?? '');
      expect(help?.textContent).toBeTruthy();
      return help!;
      // The form validates asynchronously; a loaded machine may take a moment.
    },
    { timeout: 5000 },
  );
}

async function renderForm({ lang = 'en', disabled = false }: { lang?: Lang; disabled?: boolean } = {}) {
  const onSubmit = vi.fn<(setting: Setting) => void>();
  const view = await renderWithProviders(
    <SettingForm
      disabled={disabled}
      busy={false}
      devices={[]}
      serverIssues={[]}
      PeriodRow={PeriodRow}
      onSubmit={onSubmit}
    />,
    { lang },
  );
  const issue = () => screen.getByTestId('command-issue');
  const valueInput = () => screen.getByRole<HTMLInputElement>('spinbutton');
  const kind = (label: string) => choose(view.user, 'Command or setting', label);
  return { ...view, onSubmit, issue, valueInput, kind };
}

describe('SettingForm', () => {
  it('refuses an out-of-range value with the app message and enables Issue only for a valid one', async () => {
    const { user, onSubmit, issue, valueInput, container, kind } = await renderForm();
    await kind('SOC lower limit');
    // The browser's own bubble (in the browser's language, not the app's) must never be what refuses the value:
    // the form has noValidate and no field carries a constraint the browser would check.
    expect(container.querySelector('form')).toHaveAttribute('novalidate');
    for (const attribute of ['required', 'min', 'max', 'pattern'])
      expect(container.querySelector(`[${attribute}]`)).toBeNull();

    for (const wrong of ['5', '101', '20.5']) {
      await user.clear(valueInput());
      await user.type(valueInput(), wrong);
      expect(await valueMessage()).toHaveTextContent('The value must be between 10 and 100 %');
      expect(valueInput()).toHaveAttribute('aria-invalid', 'true');
      expect(issue()).toBeDisabled();
      // Enter in the field (implicit submission) sends nothing either.
      await user.type(valueInput(), '{Enter}');
      expect(onSubmit).not.toHaveBeenCalled();
    }

    await user.clear(valueInput());
    await user.type(valueInput(), '40');
    await waitFor(() => expect(valueInput()).not.toHaveAttribute('aria-invalid'));
    expect(issue()).toBeEnabled();
    await user.click(issue());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ kind: 'socLowerLimitPct', value: 40 }));
  });

  it('says the range in the chosen language, up to the largest rated power', async () => {
    const { user, issue, valueInput } = await renderForm({ lang: 'cs' });
    await choose(user, 'Příkaz nebo nastavení', 'Limit připojení k síti');
    await user.type(valueInput(), '10001');
    expect(await valueMessage()).toHaveTextContent('Hodnota musí být mezi 0 a 10000 W');
    expect(issue()).toBeDisabled();
    await user.clear(valueInput());
    await user.type(valueInput(), '10000');
    // The form validates asynchronously: the button follows once the field's rule has run.
    await waitFor(() => expect(issue()).toBeEnabled());
  });

  it.each<[Lang, string]>([
    ['zh', '取值范围为 10–100 %'],
    ['en', 'The value must be between 10 and 100 %'],
    ['cs', 'Hodnota musí být mezi 10 a 100 %'],
    ['de', 'Der Wert muss zwischen 10 und 100 % liegen'],
  ])('refuses an out-of-range value in %s with the domain message', async (lang, message) => {
    const { user, issue, valueInput } = await renderForm({ lang });
    await choose(user, i18next.t('commands.setting'), translate(commandKindName('socLowerLimitPct'), lang));
    await user.type(valueInput(), '101');
    expect(await valueMessage()).toHaveTextContent(message);
    expect(issue()).toBeDisabled();
  });

  it('forgets a refused value when another setting is chosen', async () => {
    const { user, issue, valueInput, kind } = await renderForm();
    await kind('SOC lower limit');
    await user.type(valueInput(), '5');
    expect(issue()).toBeDisabled();
    await kind('Grid-connection limit');
    expect(valueInput()).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(issue()).toBeEnabled();
  });

  it('sends an enumerated value as its number, and no value when none was chosen (the server says it is empty)', async () => {
    const { user, onSubmit, issue, kind } = await renderForm();
    await kind('Work mode');
    await user.click(screen.getByRole('combobox', { name: 'New value' }));
    expect(offered()).toEqual(['Default', 'General', 'Energy storage', 'Micro-grid', 'Peak-valley', 'AC coupling']);

    await user.keyboard('{Escape}');
    await user.click(issue());
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith({ kind: 'workMode' }));

    await choose(user, 'New value', 'Energy storage');
    await user.click(issue());
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith({ kind: 'workMode', value: 2 }));
  });

  it('sends a remote command without a value, and nothing while no device is selected', async () => {
    const first = await renderForm();
    await first.kind('Reset/restart');
    expect(screen.queryByTestId('command-value')).not.toBeInTheDocument();
    await first.user.click(first.issue());
    await waitFor(() => expect(first.onSubmit).toHaveBeenCalledExactlyOnceWith({ kind: 'restart' }));
    first.unmount();

    const none = await renderForm({ disabled: true });
    expect(none.issue()).toBeDisabled();
  });

  it('checks a tariff plan with the domain rules before sending it, in the chosen language', async () => {
    const { user, onSubmit, issue } = await renderForm({ lang: 'de' });
    await choose(user, 'Befehl oder Einstellung', translate(commandKindName('tariffPeriods'), 'de'));
    // The one starting row (the whole day) has neither a tariff type nor a price.
    await user.click(issue());
    expect(await screen.findByTestId('period-error-periods.0.type')).toHaveTextContent(/^Wählen Sie einen Tariftyp$/);
    expect(screen.getByTestId('period-error-periods.0.price')).toHaveTextContent(/^Legen Sie den Preis fest$/);
    expect(onSubmit).not.toHaveBeenCalled();

    // Editing the plan takes the refusal away; the completed plan is sent as the domain's tariff command.
    await user.click(screen.getByRole('button', { name: 'flat at 0.5 (row 0)' }));
    expect(screen.queryByTestId(/^period-error-/)).not.toBeInTheDocument();
    await user.click(issue());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      kind: 'tariffPeriods',
      tariff: { periods: [{ type: 3, start: '00:00', end: '23:59', price: 0.5 }] },
    });
  });
});
