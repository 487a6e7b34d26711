import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { EnergyExportButton, type ExportDevice } from './energy-export-button';

const PLANT: ExportDevice[] = [
  { id: 11, sn: 'VF10K0001', kind: 'inverter' },
  { id: 12, sn: 'VF10K0002', kind: 'inverter' },
  { id: 13, sn: 'VFBAT0001', kind: 'battery' },
  { id: 14, sn: 'VFCOL0001', kind: 'collector' },
];

/** The real picker's input of a month or year field, once reached for and its chunk has loaded. */
const pickerInput = (testId: string) =>
  waitFor(() => {
    const input = screen.getByTestId(testId);
    if (input.tagName !== 'INPUT') throw new Error(`${testId} is still the look-alike`);
    return input as HTMLInputElement;
  });

/** A cell of the open picker's panel, by its title (a month YYYY-MM, a year YYYY). */
const cell = (title: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-picker-dropdown td[title="${title}"]`);
    if (!found) throw new Error(`no cell ${title}`);
    return found;
  });

/** The export requests the dialog sent, and the names of the files it saved. */
function fakeDownloads(status = 200) {
  const requests: Record<string, string>[] = [];
  const saved: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://voltfleet.test');
    requests.push({ path: url.pathname, ...Object.fromEntries(url.searchParams) });
    if (status !== 200)
      return new Response(JSON.stringify({ code: 'validation', msg: 'Ungültiger Wert', data: null }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    return new Response('sheet', { headers: { 'Content-Type': 'text/csv' } });
  });
  // jsdom has no object URLs; the dialog only hands the blob's URL to a link.
  const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  URL.createObjectURL = () => 'blob:energy';
  URL.revokeObjectURL = () => {};
  onTestFinished(() => {
    Object.assign(URL, objectUrls);
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { requests, saved };
}

describe('EnergyExportButton', () => {
  beforeEach(() => {
    // 2 December 2026, 00:30 in Prague (still 1 December in UTC): "last month" is the plant's.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T23:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads last month of the plant’s inverters in two clicks', async () => {
    const { requests, saved } = fakeDownloads();
    const onOpen = vi.fn();
    const { user } = await renderWithProviders(
      <EnergyExportButton devices={PLANT} timeZone="Europe/Prague" onOpen={onOpen} />,
    );
    await user.click(screen.getByTestId('energy-export'));
    expect(onOpen).toHaveBeenCalledTimes(1);
    const dialog = await screen.findByTestId('energy-export-dialog');
    expect(within(dialog).getByTestId('energy-export-month')).toHaveTextContent('2026-11');
    // Inverters measure the energies: they are ticked, the battery and the collector are offered.
    const ticked = within(dialog)
      .getAllByRole('checkbox', { checked: true })
      .map((box) => box.closest('label')?.textContent);
    expect(ticked).toEqual(['VF10K0001 Inverter', 'VF10K0002 Inverter']);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['energy-2026-11.xlsx']));
    expect(requests).toEqual([
      { path: '/api/energy-export', deviceIds: '11,12', period: 'month', month: '2026-11', format: 'xlsx' },
    ]);
    await waitFor(() => expect(screen.queryByTestId('energy-export-dialog')).toBeNull());
  });

  it('takes every device, a year and CSV when asked, and says in the UI language when nothing is chosen', async () => {
    const { requests, saved } = fakeDownloads();
    const { user } = await renderWithProviders(<EnergyExportButton devices={PLANT} timeZone="Europe/Prague" />, {
      lang: 'de',
    });
    await user.click(screen.getByTestId('energy-export'));
    const dialog = await screen.findByTestId('energy-export-dialog');
    const download = within(dialog).getByRole('button', { name: 'Herunterladen' });
    const all = within(dialog).getByLabelText('Alle Geräte (4)');
    // Two of four ticked: "all" ticks the rest, a second click clears the choice.
    await user.click(all);
    expect(within(dialog).getAllByRole('checkbox', { checked: true })).toHaveLength(5);
    await user.click(all);
    expect(within(dialog).getByTestId('energy-export-problem')).toHaveTextContent('Wählen Sie mindestens ein Gerät');
    expect(download).toBeDisabled();
    await user.click(all);
    await user.click(within(dialog).getByLabelText('Monatswerte eines Jahres'));
    expect(within(dialog).getByTestId('energy-export-year')).toHaveTextContent('2026');
    await user.click(within(dialog).getByLabelText('CSV'));
    await user.click(download);
    await waitFor(() => expect(saved).toEqual(['energy-2026.csv']));
    expect(requests).toEqual([
      { path: '/api/energy-export', deviceIds: '11,12,13,14', period: 'year', year: '2026', format: 'csv' },
    ]);
  });

  it('exports the device page’s one device, and stays open when the server refuses', async () => {
    const { requests, saved } = fakeDownloads(400);
    const { user } = await renderWithProviders(
      <EnergyExportButton devices={[{ id: 7, sn: 'VF6K0007', kind: 'inverter' }]} timeZone="Asia/Shanghai" />,
    );
    await user.click(screen.getByTestId('energy-export'));
    const dialog = await screen.findByTestId('energy-export-dialog');
    expect(within(dialog).getByTestId('energy-export-device')).toHaveTextContent('VF6K0007');
    // 07:30 on 2 December in Shanghai: last month is November there too.
    expect(within(dialog).getByTestId('energy-export-month')).toHaveTextContent('2026-11');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ deviceIds: '7', period: 'month', month: '2026-11' });
    expect(await screen.findByText('Ungültiger Wert')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByTestId('energy-export-dialog')).toBeInTheDocument();
  });

  it('picks another month in Ant Design’s picker, in the UI language', async () => {
    const { requests, saved } = fakeDownloads();
    const { user } = await renderWithProviders(<EnergyExportButton devices={PLANT} timeZone="Europe/Prague" />, {
      lang: 'cs',
    });
    await user.click(screen.getByTestId('energy-export'));
    const dialog = await screen.findByTestId('energy-export-dialog');
    const month = within(dialog).getByTestId('energy-export-month');
    expect(month).toHaveAccessibleName('Měsíc');
    // Reached for, the field is the picker, open on last month's year with Czech month names.
    await user.click(month);
    expect(await pickerInput('energy-export-month')).toHaveValue('2026-11');
    expect(await cell('2026-05')).toHaveTextContent('kvě');
    await user.click(await cell('2026-05'));
    await user.click(within(dialog).getByRole('button', { name: 'Stáhnout' }));
    await waitFor(() => expect(saved).toEqual(['energy-2026-05.xlsx']));
    expect(requests.at(-1)).toMatchObject({ period: 'month', month: '2026-05' });
  });

  it('offers the years the server takes, 2000 to 2100', async () => {
    const { requests } = fakeDownloads();
    const { user } = await renderWithProviders(<EnergyExportButton devices={PLANT} timeZone="Europe/Prague" />);
    await user.click(screen.getByTestId('energy-export'));
    const dialog = await screen.findByTestId('energy-export-dialog');
    await user.click(within(dialog).getByLabelText('Monthly values of a year'));
    await user.click(within(dialog).getByTestId('energy-export-year'));
    expect(await pickerInput('energy-export-year')).toHaveValue('2026');
    // Back to the decade of 2000: 1999 cannot be picked, 2003 can.
    const previousDecade = () =>
      document.querySelector<HTMLElement>('.ant-picker-dropdown .ant-picker-header-super-prev-btn')!;
    await user.click(previousDecade());
    await user.click(previousDecade());
    expect(await cell('1999')).toHaveClass('ant-picker-cell-disabled');
    await user.click(await cell('2003'));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ period: 'year', year: '2003' });
  });
});
