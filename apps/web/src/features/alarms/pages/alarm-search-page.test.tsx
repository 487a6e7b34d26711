import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { FakeLiveSocket, installFakeLiveSocket } from '@/test/fake-live-socket';
import { chooseOption, chosenLabel, typeDay } from '@/test/antd-fields';
import { fakeApi, ok, type ApiCall } from '@/test/fake-api';
import { alarmDetail, alarmRow, page, renderAlarmCenter } from '../test/alarm-fixtures';

const PLANTS = [
  { plantId: 3, name: 'Praha roof' },
  { plantId: 5, name: 'Brno hall' },
];

/** The filters, page and order a list request carried. */
const queryOf = (call: ApiCall | undefined) => Object.fromEntries(call?.query ?? []);

function routes(items = [alarmRow(1), alarmRow(2, { sn: 'VF10K240002', severity: 'critical' })]) {
  return fakeApi({
    'GET /api/preferences/tables': ok([]),
    'GET /api/alarms': ok(page(items)),
    'GET /api/plants': ok(PLANTS),
    'GET /api/alarms/1': ok(alarmDetail(1)),
    'POST /api/alarms/acknowledge': ok({ acknowledged: 2 }),
  });
}

installFakeLiveSocket();

/**
 * A row once its table has settled: rows show under the table's loading veil (pointer-events: none) until the column
 * choice has loaded too, and on a busy machine that can come after the alarms.
 */
async function settledRow(id: number): Promise<HTMLElement> {
  const row = await screen.findByTestId(`alarm-row-${id}`);
  await waitFor(() => expect(row.closest('[aria-busy="true"]')).toBeNull());
  return row;
}

describe('alarm search', () => {
  it('opens filtered by the URL and shows those filters in the form', async () => {
    const api = routes();
    const url =
      '/alarmCenter/alarmSearch?from=2026-03-01&to=2026-03-31&plantId=3&sn=VF5K&severity=critical&state=active' +
      '&ack=unacknowledged&group=grid&q=relay';
    await renderAlarmCenter(url);

    await settledRow(1);
    expect(queryOf(api.callsTo('GET /api/alarms')[0])).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      plantId: '3',
      sn: 'VF5K',
      severity: 'critical',
      state: 'active',
      ack: 'unacknowledged',
      group: 'grid',
      q: 'relay',
      page: '1',
      pageSize: '15',
      sort: 'attention',
      order: 'desc',
    });
    expect(screen.getByTestId('alarm-filter-from')).toHaveValue('2026-03-01');
    expect(screen.getByTestId('alarm-filter-to')).toHaveValue('2026-03-31');
    await waitFor(() => expect(chosenLabel(screen.getByTestId('alarm-filter-plant'))).toBe('Praha roof'));
    expect(screen.getByTestId('alarm-filter-sn')).toHaveValue('VF5K');
    expect(chosenLabel(screen.getByTestId('alarm-filter-severity'))).toBe('Critical');
    expect(chosenLabel(screen.getByTestId('alarm-filter-state'))).toBe('Active');
    expect(chosenLabel(screen.getByTestId('alarm-filter-ack'))).toBe('Unacknowledged');
    expect(chosenLabel(screen.getByTestId('alarm-filter-group'))).toBe('Grid');
    expect(screen.getByTestId('alarm-filter-q')).toHaveValue('relay');
  });

  it('puts the filters into the URL on search, and going back restores the form', async () => {
    const api = routes();
    const { user, location, router } = await renderAlarmCenter('/alarmCenter/alarmSearch?state=active');
    await settledRow(1);

    await chooseOption(user, screen.getByTestId('alarm-filter-severity'), 'Major');
    await user.click(screen.getByTestId('alarm-filter-sn'));
    await user.paste(' VF10K ');
    await chooseOption(user, screen.getByTestId('alarm-filter-plant'), 'Brno hall');
    await typeDay(user, screen.getByTestId('alarm-filter-from'), '2026-02-01');
    await user.click(screen.getByTestId('alarm-search'));

    await waitFor(() =>
      expect(location()).toBe('/alarmCenter/alarmSearch?from=2026-02-01&plantId=5&sn=VF10K&severity=major'),
    );
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /api/alarms').at(-1))).toMatchObject({
        from: '2026-02-01',
        plantId: '5',
        sn: 'VF10K',
        severity: 'major',
        state: 'active',
        page: '1',
      }),
    );

    await router.navigate(-1);
    await waitFor(() => expect(chosenLabel(screen.getByTestId('alarm-filter-severity'))).toBe('All'));
    expect(screen.getByTestId('alarm-filter-sn')).toHaveValue('');
    expect(chosenLabel(screen.getByTestId('alarm-filter-state'))).toBe('Active');

    // Reset clears every filter, the state too: every alarm, newest first.
    await user.click(screen.getByTestId('alarm-reset'));
    await waitFor(() => expect(location()).toBe('/alarmCenter/alarmSearch?state=all'));
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /api/alarms').at(-1))).toEqual({
        page: '1',
        pageSize: '15',
        sort: 'raisedAt',
        order: 'desc',
      }),
    );
  });

  it('shows filters a link set that the form has no field for, and removes them', async () => {
    const api = routes();
    const { user, location } = await renderAlarmCenter('/alarmCenter/alarmSearch?deviceId=101&code=grid.voltageHigh');
    const chips = await screen.findByTestId('alarm-hidden-filters');
    expect(chips).toHaveTextContent('Code: grid.voltageHigh');
    expect(chips).toHaveTextContent('Device #101');
    expect(queryOf(api.callsTo('GET /api/alarms')[0])).toMatchObject({ deviceId: '101', code: 'grid.voltageHigh' });

    await user.click(within(chips).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(location()).toBe('/alarmCenter/alarmSearch?deviceId=101'));
  });

  it('shows times on the plant clock with its offset, links device and plant, and sorts through the URL', async () => {
    routes();
    const { user, location } = await renderAlarmCenter('/alarmCenter/alarmSearch');
    const row = within(await settledRow(1));

    // 22:30 UTC on 3 March is 23:30 in Prague (UTC+1 in winter).
    expect(row.getByText('2026-03-03 23:30:00 UTC+1')).toBeInTheDocument();
    expect(row.getByText('Major')).toBeInTheDocument();
    expect(row.getByTestId('alarm-device-link-101')).toHaveAttribute('href', '/deviceCenter/deviceList/101');
    expect(row.getByTestId('alarm-plant-link-3')).toHaveAttribute('href', '/plantCenter/plantList/3');
    expect(row.getByTestId('alarm-state-1')).toHaveTextContent('Active');
    expect(row.getByText('Unacknowledged')).toBeInTheDocument();

    await user.click(screen.getByTestId('alarm-sort-sn'));
    await waitFor(() => expect(location()).toBe('/alarmCenter/alarmSearch?sort=sn&order=asc'));
  });

  it('opens on the active alarms, unacknowledged first, with the history one click away', async () => {
    const api = routes();
    const { user, location } = await renderAlarmCenter('/alarmCenter/alarmSearch?severity=major');
    await settledRow(1);
    expect(queryOf(api.callsTo('GET /api/alarms')[0])).toMatchObject({
      severity: 'major',
      state: 'active',
      sort: 'attention',
      order: 'desc',
    });
    expect(chosenLabel(screen.getByTestId('alarm-filter-state'))).toBe('Active');
    expect(screen.getByTestId('alarm-view-hint')).toHaveTextContent('Active alarms, unacknowledged first');

    // The history keeps the other filters and lists every state, newest first.
    await user.click(screen.getByTestId('alarm-view-all'));
    await waitFor(() => expect(location()).toBe('/alarmCenter/alarmSearch?severity=major&state=all'));
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /api/alarms').at(-1))).toEqual({
        severity: 'major',
        page: '1',
        pageSize: '15',
        sort: 'raisedAt',
        order: 'desc',
      }),
    );
    await waitFor(() => expect(chosenLabel(screen.getByTestId('alarm-filter-state'))).toBe('All'));
    expect(screen.queryByTestId('alarm-view-hint')).toBeNull();

    await user.click(screen.getByTestId('alarm-view-recovered'));
    await waitFor(() => expect(location()).toBe('/alarmCenter/alarmSearch?severity=major&state=recovered'));
    await user.click(screen.getByTestId('alarm-view-active'));
    await waitFor(() => expect(location()).toBe('/alarmCenter/alarmSearch?severity=major'));
  });

  it('acknowledges the selected alarms with one note', async () => {
    const api = routes();
    const { user } = await renderAlarmCenter('/alarmCenter/alarmSearch');
    await settledRow(1);
    const ack = screen.getByTestId('alarm-ack-selected');
    expect(ack).toBeDisabled();

    await user.click(screen.getByTestId('alarm-select-all'));
    expect(ack).toHaveTextContent('Acknowledge (2)');
    await user.click(ack);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Acknowledge 2 alarms');
    await user.click(within(dialog).getByTestId('alarm-ack-note'));
    await user.paste('  Utility informed, crew on the way ');
    await user.click(within(dialog).getByTestId('alarm-ack-confirm'));

    await waitFor(() => expect(api.callsTo('POST /api/alarms/acknowledge')).toHaveLength(1));
    expect(api.callsTo('POST /api/alarms/acknowledge')[0]?.body).toEqual({
      ids: [1, 2],
      note: 'Utility informed, crew on the way',
    });
    expect(await screen.findByText('2 alarms acknowledged')).toBeInTheDocument();
    // The list reads again, and the selection is gone.
    await waitFor(() => expect(api.callsTo('GET /api/alarms').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.getByTestId('alarm-ack-selected')).toBeDisabled());
  });

  it('shows the columns that fit by default, cuts long names, and offers the others in the column chooser', async () => {
    const long = 'Insulation resistance of the PV array to earth too low on string 3';
    const api = fakeApi({
      'GET /api/preferences/tables': ok([]),
      'GET /api/alarms': ok(page([alarmRow(1, { name: long })])),
      'GET /api/plants': ok(PLANTS),
      'PUT /api/preferences/tables': (call) => ok([call.body]),
    });
    const { user } = await renderAlarmCenter('/alarmCenter/alarmSearch');
    await settledRow(1);
    const headers = () =>
      within(screen.getByTestId('alarm-table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
    expect(headers()).toEqual(['Serial number', 'Severity', 'Alarm', 'Plant', 'Raised', 'State', 'Acknowledged']);
    expect(within(screen.getByTestId('alarm-open-1')).getByTitle(long)).toHaveClass('cell-clip');

    await user.click(screen.getByTestId('columns-alarmSearch'));
    expect(await screen.findByTestId('columns-alarmSearch-sn')).toBeDisabled();
    await user.click(screen.getByTestId('columns-alarmSearch-recoveredAt'));
    await waitFor(() => expect(headers()).toContain('Recovered'));
    expect(api.callsTo('PUT /api/preferences/tables').at(-1)!.body).toEqual({
      table: 'alarmSearch',
      hidden: ['lastSeenAt', 'duration'],
    });
  });

  it('says when more alarms match than are counted', async () => {
    fakeApi({
      'GET /api/preferences/tables': ok([]),
      'GET /api/alarms': ok(page([alarmRow(1)], 10_000, true)),
      'GET /api/plants': ok(PLANTS),
    });
    await renderAlarmCenter('/alarmCenter/alarmSearch');
    expect(await screen.findByTestId('alarm-total-capped')).toHaveTextContent('More than 10,000 alarms match');
  });

  it('offers neither acknowledging nor exporting without those permissions', async () => {
    routes();
    await renderAlarmCenter('/alarmCenter/alarmSearch', ['C', 'C/A']);
    const row = within(await settledRow(1));
    expect(screen.queryByTestId('alarm-ack-selected')).toBeNull();
    expect(screen.queryByTestId('alarm-select-all')).toBeNull();
    expect(screen.queryByTestId('alarm-export-xlsx')).toBeNull();
    // Without the device and plant lists, serial number and plant are plain text; no plant filter either.
    expect(row.queryByTestId('alarm-device-link-101')).toBeNull();
    expect(row.getByText('VF5K240001')).toBeInTheDocument();
    expect(row.queryByTestId('alarm-plant-link-3')).toBeNull();
    expect(screen.queryByTestId('alarm-filter-plant')).toBeNull();
  });

  it('opens the drawer with cause, handling and the timeline in plant time', async () => {
    const api = routes([alarmRow(1, { acknowledgedAt: null })]);
    const { user } = await renderAlarmCenter('/alarmCenter/alarmSearch');
    await user.click(await screen.findByTestId('alarm-open-1'));

    const drawer = within(await screen.findByTestId('alarm-drawer'));
    expect(await drawer.findByTestId('alarm-detail-cause')).toHaveTextContent('above the upper limit');
    expect(drawer.getByTestId('alarm-detail-handling')).toHaveTextContent('Check the grid voltage');
    expect(drawer.getByText('grid.voltageHigh')).toBeInTheDocument();
    expect(drawer.getByText('Grid')).toBeInTheDocument();
    const timeline = within(drawer.getByTestId('alarm-timeline'));
    expect(timeline.getByTestId('alarm-event-raised')).toHaveTextContent('Raised2026-03-03 23:30:00 UTC+1');
    expect(timeline.getByTestId('alarm-event-seen')).toHaveTextContent('Seen again2026-03-03 23:40:00 UTC+1');
    expect(timeline.getByTestId('alarm-event-acknowledged')).toHaveTextContent('2026-03-03 23:50:00 UTC+1');
    expect(timeline.getByText('By installer')).toBeInTheDocument();
    expect(timeline.getByText('Note: Utility informed')).toBeInTheDocument();
    expect(timeline.getByTestId('alarm-event-recovered')).toHaveTextContent('2026-03-04 02:00:00 UTC+1');
    expect(api.callsTo('GET /api/alarms/1')).toHaveLength(1);

    // Acknowledging from the drawer sends that one alarm.
    await user.click(screen.getByTestId('alarm-detail-ack'));
    await screen.findByText('Acknowledge 1 alarm');
    await user.click(screen.getByTestId('alarm-ack-confirm'));
    await waitFor(() => expect(api.callsTo('POST /api/alarms/acknowledge')[0]?.body).toEqual({ ids: [1], note: '' }));
  });

  it('opens the drawer of the alarm a link names (?alarm=<id>), and closing it takes the id off the URL', async () => {
    const api = routes();
    const { user, location } = await renderAlarmCenter('/alarmCenter/alarmSearch?alarm=1');
    const drawer = within(await screen.findByTestId('alarm-drawer'));
    expect(await drawer.findByTestId('alarm-detail-cause')).toHaveTextContent('above the upper limit');
    expect(api.callsTo('GET /api/alarms/1')).toHaveLength(1);
    await user.click(within(screen.getByTestId('alarm-drawer').closest('.ant-drawer')!).getByLabelText('Close'));
    await waitFor(() => expect(location()).toBe('/alarmCenter/alarmSearch'));
  });

  it('downloads the filtered alarms as XLSX and CSV', async () => {
    const api = routes();
    const served = globalThis.fetch;
    const exports: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://voltfleet.test');
      if (url.pathname !== '/api/alarms/export') return served(input, init);
      exports.push(url);
      return new Response('sheet', { headers: { 'Content-Type': 'text/csv' } });
    });
    const saved = vi.fn();
    // jsdom has no object URLs; the page only hands the blob's URL to a link.
    const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    URL.createObjectURL = () => 'blob:alarms';
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      Object.assign(URL, objectUrls);
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved(this.download);
    });
    const { user } = await renderAlarmCenter('/alarmCenter/alarmSearch?severity=critical&sort=sn&order=asc');
    await settledRow(1);

    await user.click(screen.getByTestId('alarm-export-xlsx'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    await user.click(screen.getByTestId('alarm-export-csv'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2));
    expect(exports.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { severity: 'critical', state: 'active', sort: 'sn', order: 'asc', format: 'xlsx' },
      { severity: 'critical', state: 'active', sort: 'sn', order: 'asc', format: 'csv' },
    ]);
    expect(saved.mock.calls.map(([name]) => String(name))).toEqual([
      expect.stringMatching(/^alarms-\d{4}-\d{2}-\d{2}\.xlsx$/),
      expect.stringMatching(/^alarms-\d{4}-\d{2}-\d{2}\.csv$/),
    ]);
    expect(api.callsTo('GET /api/alarms')).toHaveLength(1);
  });

  it('reads the list again when an alarm event arrives on the live channel', async () => {
    const api = routes();
    await renderAlarmCenter('/alarmCenter/alarmSearch');
    await settledRow(1);
    const socket = FakeLiveSocket.latest();
    socket.open();
    const before = api.callsTo('GET /api/alarms').length;

    // A reading changes no alarm: nothing is read again for it.
    socket.push({ type: 'reading', deviceId: 1, plantId: 3, ts: Date.now(), values: {} });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(api.callsTo('GET /api/alarms')).toHaveLength(before);
    socket.push({
      type: 'alarm',
      event: 'raised',
      alarm: {
        id: 9,
        deviceId: 101,
        plantId: 3,
        code: 'grid.voltageHigh',
        severity: 'major',
        state: 'active',
        raisedAt: '2026-03-03T22:30:00.000Z',
        recoveredAt: null,
      },
    });
    await waitFor(() => expect(api.callsTo('GET /api/alarms').length).toBe(before + 1), { timeout: 3000 });
  });
});
