import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Lang } from '@voltfleet/domain/i18n';
import { chooseOption } from '@/test/antd-fields';
import { fakeApi, ok } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { SelectionForm } from './selection-form';

/** The real picker's input of a date field, once reached for and its chunk has loaded. */
const pickerInput = (testId: string) =>
  waitFor(() => {
    const input = screen.getByTestId(testId);
    if (input.tagName !== 'INPUT') throw new Error(`${testId} is still the look-alike`);
    return input as HTMLInputElement;
  });

/**
 * A cell of the open picker's panel, by its title (a day as the language writes it, a month YYYY-MM, a year YYYY): of
 * the panel opened last (a picker's panel is added to the page when first opened; one closing stays a while).
 */
const cell = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(`.ant-picker-dropdown td[title="${title}"]`)].at(-1);
    if (!found) throw new Error(`no cell ${title}`);
    return found;
  });

/** The form with one saved template chosen; `onQuery` gets what a search asks the server for. */
async function renderForm(lang: Lang = 'en') {
  fakeApi({ 'GET /api/report-templates': ok([{ id: 5, name: 'Roof' }]) });
  const onQuery = vi.fn();
  const rendered = await renderWithProviders(<SelectionForm onQuery={onQuery} />, { lang });
  await chooseOption(rendered.user, screen.getByTestId('report-template'), 'Roof');
  const period = (label: string) => rendered.user.click(within(screen.getByTestId('report-period')).getByText(label));
  const search = () => rendered.user.click(screen.getByTestId('report-search'));
  return { ...rendered, onQuery, period, search };
}

describe('report selection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 14, 12));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("picks a day in Ant Design's picker in the UI language, sent as YYYY-MM-DD", async () => {
    const { user, onQuery, search } = await renderForm('de');
    // Today, as the German picker writes it, before the picker is loaded.
    const field = screen.getByTestId('report-date');
    expect(field).toHaveTextContent('14.03.2026');
    expect(field).toHaveAccessibleName('Datum');
    await user.click(field);
    expect(await pickerInput('report-date')).toHaveValue('14.03.2026');
    await waitFor(() => expect(document.querySelector('.ant-picker-month-btn')).toHaveTextContent('Mär'));
    await user.click(await cell('20.03.2026'));
    await search();
    expect(onQuery).toHaveBeenLastCalledWith({ templateId: 5, period: 'day', step: '1h', date: '2026-03-20' });
  });

  it('sends a month as its first day and a year as its 1 January, the years from 2000 to 2100', async () => {
    const { user, onQuery, period, search } = await renderForm();
    await period('Month');
    expect(screen.getByTestId('report-date')).toHaveTextContent('2026-03');
    await user.click(screen.getByTestId('report-date'));
    expect(await pickerInput('report-date')).toHaveValue('2026-03');
    await user.click(await cell('2026-05'));
    await search();
    expect(onQuery).toHaveBeenLastCalledWith({ templateId: 5, period: 'month', date: '2026-05-01' });

    await period('Year');
    // The field, once reached for, stays the picker: now one of years.
    const year = await pickerInput('report-date');
    expect(year).toHaveValue('2026');
    await user.click(year);
    // Back to the decade of 2000: 1999 cannot be picked, 2003 can.
    const previousDecade = () =>
      document.querySelector<HTMLElement>('.ant-picker-dropdown .ant-picker-header-super-prev-btn')!;
    await user.click(previousDecade());
    await user.click(previousDecade());
    expect(await cell('1999')).toHaveClass('ant-picker-cell-disabled');
    await user.click(await cell('2003'));
    await search();
    expect(onQuery).toHaveBeenLastCalledWith({ templateId: 5, period: 'year', date: '2003-01-01' });
  });

  it('takes a date range of two days, and says in the UI language when the start is after the end', async () => {
    const { user, onQuery, period, search } = await renderForm('cs');
    await period('Rozsah dat');
    const start = screen.getByTestId('report-start');
    const end = screen.getByTestId('report-end');
    // Antd's Czech picker writes a day as YYYY-MM-DD.
    expect(start).toHaveTextContent('2026-03-14');
    expect(end).toHaveTextContent('2026-03-14');
    await user.click(start);
    await pickerInput('report-start');
    await user.click(await cell('2026-03-20'));
    await search();
    expect(await screen.findByText('Vyberte čas začátku před časem konce')).toBeInTheDocument();
    expect(onQuery).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('report-end'));
    await pickerInput('report-end');
    await user.click(await cell('2026-03-25'));
    await search();
    expect(onQuery).toHaveBeenLastCalledWith({
      templateId: 5,
      period: 'custom',
      start: '2026-03-20',
      end: '2026-03-25',
    });
  });
});
