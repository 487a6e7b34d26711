import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Lang } from '@voltfleet/domain';
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
  const valueInput = () => screen.getByTestId<HTMLInputElement>('command-value');
  return { ...view, onSubmit, issue, valueInput };
}

describe('SettingForm', () => {
  it('refuses an out-of-range value with the app message and enables Issue only for a valid one', async () => {
    const { user, onSubmit, issue, valueInput, container } = await renderForm();
    await user.selectOptions(screen.getByTestId('command-kind'), 'socLowerLimitPct');
    // The browser's own bubble (in the browser's language, not the app's) must never be what refuses the value.
    expect(container.querySelector('form')).toHaveAttribute('novalidate');

    for (const wrong of ['5', '101', '20.5']) {
      await user.clear(valueInput());
      await user.type(valueInput(), wrong);
      expect(screen.getByRole('alert')).toHaveTextContent('The value must be between 10 and 100 %');
      expect(valueInput()).toHaveAttribute('aria-invalid', 'true');
      expect(issue()).toBeDisabled();
      // Enter in the field (implicit submission) sends nothing either.
      await user.type(valueInput(), '{Enter}');
      expect(onSubmit).not.toHaveBeenCalled();
    }

    await user.clear(valueInput());
    await user.type(valueInput(), '40');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(valueInput()).not.toHaveAttribute('aria-invalid');
    expect(issue()).toBeEnabled();
    await user.click(issue());
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ kind: 'socLowerLimitPct', value: 40 });
  });

  it('says the range in the chosen language, up to the largest rated power', async () => {
    const { user, issue, valueInput } = await renderForm({ lang: 'cs' });
    await user.selectOptions(screen.getByTestId('command-kind'), 'gridConnectionLimitW');
    await user.type(valueInput(), '10001');
    expect(screen.getByRole('alert')).toHaveTextContent('Hodnota musí být mezi 0 a 10000 W');
    expect(issue()).toBeDisabled();
    await user.clear(valueInput());
    await user.type(valueInput(), '10000');
    expect(issue()).toBeEnabled();
  });

  it('forgets a refused value when another setting is chosen', async () => {
    const { user, issue, valueInput } = await renderForm();
    await user.selectOptions(screen.getByTestId('command-kind'), 'socLowerLimitPct');
    await user.type(valueInput(), '5');
    expect(issue()).toBeDisabled();
    await user.selectOptions(screen.getByTestId('command-kind'), 'gridConnectionLimitW');
    expect(valueInput()).toHaveValue(null);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(issue()).toBeEnabled();
  });

  it('sends an enumerated value as its number, and no value when none was chosen (the server says it is empty)', async () => {
    const { user, onSubmit, issue } = await renderForm();
    await user.selectOptions(screen.getByTestId('command-kind'), 'workMode');
    const options = within(screen.getByTestId('command-value')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '',
      'Default',
      'General',
      'Energy storage',
      'Micro-grid',
      'Peak-valley',
      'AC coupling',
    ]);

    await user.click(issue());
    expect(onSubmit).toHaveBeenLastCalledWith({ kind: 'workMode' });

    await user.selectOptions(screen.getByTestId('command-value'), 'Energy storage');
    await user.click(issue());
    expect(onSubmit).toHaveBeenLastCalledWith({ kind: 'workMode', value: 2 });
  });

  it('sends a remote command without a value, and nothing while no device is selected', async () => {
    const first = await renderForm();
    await first.user.selectOptions(screen.getByTestId('command-kind'), 'restart');
    expect(screen.queryByTestId('command-value')).not.toBeInTheDocument();
    await first.user.click(first.issue());
    expect(first.onSubmit).toHaveBeenCalledExactlyOnceWith({ kind: 'restart' });
    first.unmount();

    const none = await renderForm({ disabled: true });
    expect(none.issue()).toBeDisabled();
  });

  it('checks a tariff plan with the domain rules before sending it, in the chosen language', async () => {
    const { user, onSubmit, issue } = await renderForm({ lang: 'de' });
    await user.selectOptions(screen.getByTestId('command-kind'), 'tariffPeriods');
    // The one starting row (the whole day) has neither a tariff type nor a price.
    await user.click(issue());
    expect(screen.getByTestId('period-error-periods.0.type')).toHaveTextContent(/^Wählen Sie einen Tariftyp$/);
    expect(screen.getByTestId('period-error-periods.0.price')).toHaveTextContent(/^Legen Sie den Preis fest$/);
    expect(onSubmit).not.toHaveBeenCalled();

    // Editing the plan takes the refusal away; the completed plan is sent as the domain's tariff command.
    await user.click(screen.getByRole('button', { name: 'flat at 0.5 (row 0)' }));
    expect(screen.queryByTestId(/^period-error-/)).not.toBeInTheDocument();
    await user.click(issue());
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      kind: 'tariffPeriods',
      tariff: { periods: [{ type: 3, start: '00:00', end: '23:59', price: 0.5 }] },
    });
  });
});
