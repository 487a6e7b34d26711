import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, chosenLabel } from '@/test/antd-fields';
import { renderWithProviders } from '@/test/render';
import { RangePicker, type ChartRange, type RangeValue } from './charts/range-picker';
import { DayField, formatDay } from './day-field';
import { Pager } from './pager';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The real picker's input, once the field has been reached for and its chunk has loaded. */
const pickerInput = (testId: string) =>
  waitFor(() => {
    const input = screen.getByTestId(testId);
    if (input.tagName !== 'INPUT') throw new Error(`${testId} is still the look-alike`);
    return input as HTMLInputElement;
  });

describe('day field', () => {
  it('writes a day in the field format of the picker', () => {
    expect(formatDay('2026-03-14', 'DD.MM.YYYY')).toBe('14.03.2026');
    expect(formatDay('2026-03-14', 'YYYY-MM-DD')).toBe('2026-03-14');
    expect(formatDay('2026-03-01', 'YYYY-MM')).toBe('2026-03');
  });

  it('shows the day as the German picker would before loading it, then opens the picker in German', async () => {
    const onChange = vi.fn();
    const { user } = await renderWithProviders(
      <DayField testId="day" ariaLabel="Datum" value="2026-03-14" onChange={onChange} />,
      { lang: 'de' },
    );
    const lookAlike = screen.getByTestId('day');
    expect(lookAlike.tagName).toBe('BUTTON');
    expect(lookAlike).toHaveTextContent('14.03.2026');
    expect(lookAlike).toHaveAccessibleName('Datum');
    expect(document.querySelector('.ant-picker')).toBeNull();

    await user.click(lookAlike);
    const input = await pickerInput('day');
    expect(input).toHaveValue('14.03.2026');
    expect(input).toHaveAccessibleName('Datum');
    // Opened by the click, in German.
    await waitFor(() => expect(document.querySelector('.ant-picker-month-btn')).toHaveTextContent('Mär'));
    await user.click(document.querySelector('td[title="20.03.2026"]')!);
    expect(onChange).toHaveBeenLastCalledWith('2026-03-20');
  });

  it("shows the placeholder of the picker's kind when empty", async () => {
    await renderWithProviders(<DayField testId="month" picker="month" />, { lang: 'cs' });
    expect(screen.getByTestId('month')).toHaveTextContent('Vybrat měsíc');
  });
});

function Chart({ onChange, start }: { onChange: (value: RangeValue) => void; start: RangeValue }) {
  const [value, setValue] = useState(start);
  return (
    <RangePicker<ChartRange>
      ranges={['day', 'month', 'year', 'total']}
      labels={{ day: 'Day', month: 'Month', year: 'Year', total: 'Total' }}
      value={value}
      dateLabel="Date"
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('chart range picker', () => {
  it('picks a month as its first day and a year as its 1 January, in the picker', async () => {
    const onChange = vi.fn();
    const { user } = await renderWithProviders(
      <Chart onChange={onChange} start={{ range: 'month', date: '2026-03-01' }} />,
    );
    expect(screen.getByTestId('chart-date')).toHaveTextContent('2026-03');
    await user.click(screen.getByTestId('chart-date'));
    await pickerInput('chart-date');
    await user.click(await waitFor(() => document.querySelector<HTMLElement>('td[title="2026-05"]')!));
    expect(onChange).toHaveBeenLastCalledWith({ range: 'month', date: '2026-05-01' });

    await user.click(screen.getByRole('radio', { name: 'Year' }));
    expect(onChange).toHaveBeenLastCalledWith({ range: 'year', date: '2026-05-01' });
    // The field, once reached for, stays the picker: now one of years.
    const year = await pickerInput('chart-date');
    expect(year).toHaveValue('2026');
    await user.click(year);
    // The years the native field allowed: 2000 to 2100.
    await user.click(await waitFor(() => document.querySelector<HTMLElement>('td[title="2024"]')!));
    expect(onChange).toHaveBeenLastCalledWith({ range: 'year', date: '2024-01-01' });

    await user.click(screen.getByRole('radio', { name: 'Total' }));
    expect(screen.queryByTestId('chart-date')).toBeNull();
  });

  it('keeps a day when the picker is left without one (no clearing)', async () => {
    const onChange = vi.fn();
    const { user } = await renderWithProviders(
      <Chart onChange={onChange} start={{ range: 'day', date: '2026-03-14' }} />,
      { lang: 'zh' },
    );
    await user.click(screen.getByTestId('chart-date'));
    await pickerInput('chart-date');
    expect(document.querySelector('.ant-picker-clear')).toBeNull();
    await user.click(await waitFor(() => document.querySelector<HTMLElement>('td[title="2026-03-02"]')!));
    expect(onChange).toHaveBeenLastCalledWith({ range: 'day', date: '2026-03-02' });
  });
});

describe('pager', () => {
  it("picks the page size in Ant Design's select, in the UI language, going back to the first page", async () => {
    const onChange = vi.fn();
    const { user } = await renderWithProviders(
      <Pager current={3} pageSize={15} total={200} pageSizeOptions={[15, 50, 100]} onChange={onChange} />,
      { lang: 'de' },
    );
    const select = screen.getByTestId('pager-size');
    expect(select).toHaveClass('ant-select');
    expect(screen.getByRole('combobox', { name: 'Zeilen pro Seite' })).toBeInTheDocument();
    expect(chosenLabel(select)).toBe('15 / Seite');
    await chooseOption(user, select, '50 / Seite');
    expect(onChange).toHaveBeenLastCalledWith(1, 50);
  });
});
