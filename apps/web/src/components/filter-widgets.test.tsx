import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, chosenLabel, typeDay } from '@/test/antd-fields';
import { asPhone } from '@/test/phone';
import { renderWithProviders } from '@/test/render';
import { DayPicker } from './day-picker';
import { FilterSelect } from './filter-select';
import { FilterSheet } from './filter-sheet';

afterEach(() => {
  vi.restoreAllMocks();
});

function Sheet({ closeOn, count }: { closeOn: string; count: number }) {
  return (
    <FilterSheet count={count} closeOn={closeOn} testId="sheet">
      <form className="filter-bar" data-testid="the-filters">
        <input aria-label="Serial number" />
      </form>
    </FilterSheet>
  );
}

describe('filter sheet', () => {
  it('leaves the filters where they are on a wide screen', async () => {
    await renderWithProviders(<Sheet closeOn="a" count={2} />);
    expect(screen.getByTestId('the-filters')).toBeVisible();
    expect(screen.queryByTestId('sheet-open')).toBeNull();
  });

  it('on a phone puts them in a sheet from the bottom, opened by a button counting them, closed by a search', async () => {
    asPhone();
    const { user, rerender } = await renderWithProviders(<Sheet closeOn="a" count={2} />);
    // Rendered hidden after the first paint (so the tap only shows them), not shown before the tap.
    await waitFor(() => expect(screen.getByTestId('the-filters')).not.toBeVisible());
    const open = screen.getByTestId('sheet-open');
    expect(open).toHaveTextContent('Filters');
    expect(open).toHaveAccessibleName('Filters: 2 set');
    expect(screen.getByText('2')).toBeInTheDocument();

    await user.click(open);
    const sheet = await screen.findByTestId('sheet');
    expect(within(sheet).getByTestId('the-filters')).toBeVisible();
    expect(sheet.closest('.ant-drawer')).toHaveClass('ant-drawer-bottom');

    // A search changes the query: the sheet closes on the results.
    rerender(<Sheet closeOn="b" count={3} />);
    await waitFor(() => expect(screen.queryByTestId('sheet')).not.toBeVisible());
    expect(screen.getByTestId('sheet-open')).toHaveAccessibleName('Filters: 3 set');
  });

  it('says just "Filters" when none is set', async () => {
    asPhone();
    await renderWithProviders(<Sheet closeOn="a" count={0} />, { lang: 'de' });
    expect(screen.getByTestId('sheet-open')).toHaveAccessibleName('Filter');
  });
});

function Choice({ onChange }: { onChange: (value: string | undefined) => void }) {
  const [value, setValue] = useState<string | undefined>('b');
  return (
    <FilterSelect<string>
      id="pick"
      value={value}
      allLabel="All"
      options={[
        { value: 'a', label: 'Alpha' },
        { value: 'b', label: 'Beta' },
      ]}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('filter select', () => {
  it('is an Ant Design select with "all" first, giving undefined for it', async () => {
    const onChange = vi.fn();
    const { user } = await renderWithProviders(<Choice onChange={onChange} />);
    const select = screen.getByTestId('pick');
    expect(select).toHaveClass('ant-select');
    expect(chosenLabel(select)).toBe('Beta');
    await chooseOption(user, select, 'Alpha');
    expect(onChange).toHaveBeenLastCalledWith('a');
    await chooseOption(user, select, 'All');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(chosenLabel(select)).toBe('All');
  });
});

describe('day picker', () => {
  it('keeps a day as YYYY-MM-DD and opens in German with German month and day names', async () => {
    const onChange = vi.fn();
    const { user } = await renderWithProviders(
      <DayPicker id="day" value="2026-03-14" min="2026-03-02" onChange={onChange} />,
      { lang: 'de' },
    );
    const input = screen.getByTestId('day');
    // Shown as a German reader writes a date; the value stays YYYY-MM-DD.
    expect(input).toHaveValue('14.03.2026');
    expect(input).toHaveAttribute('placeholder', 'Datum auswählen');
    // The picker puts dayjs into the UI language (loading its locale) and draws itself anew in it.
    await waitFor(() => expect(dayjs.locale()).toBe('de'));
    await user.click(screen.getByTestId('day'));
    await waitFor(() => expect(document.querySelector('.ant-picker-month-btn')).toHaveTextContent('Mär'));
    const heads = [...document.querySelectorAll('.ant-picker-dropdown thead th')].map((th) => th.textContent);
    expect(heads).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(screen.getByText('Heute')).toBeInTheDocument();
    // A day before the first that may be picked is offered but disabled.
    expect(document.querySelector('td[title="01.03.2026"]')).toHaveClass('ant-picker-cell-disabled');

    await user.click(document.querySelector('td[title="20.03.2026"]')!);
    expect(onChange).toHaveBeenLastCalledWith('2026-03-20');
  });

  it('takes a typed day and gives undefined when cleared', async () => {
    const onChange = vi.fn();
    function Held() {
      const [day, setDay] = useState<string>();
      return (
        <DayPicker
          id="day"
          value={day}
          onChange={(next) => {
            setDay(next);
            onChange(next);
          }}
        />
      );
    }
    const { user } = await renderWithProviders(<Held />);
    await waitFor(() => expect(dayjs.locale()).toBe('en'));
    await typeDay(user, screen.getByTestId('day'), '2026-02-01');
    expect(onChange).toHaveBeenLastCalledWith('2026-02-01');
    expect(screen.getByTestId('day')).toHaveValue('2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
