import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeLiveSocket } from '@/test/fake-live-socket';
import { fakeApi, ok } from '@/test/fake-api';
import { chosenLabel } from '@/test/antd-fields';
import { bucketSearchUrl } from '../utils/trend-range';
import { alarmRow, overview, page, renderAlarmCenter } from '../test/alarm-fixtures';

function routes() {
  return fakeApi({
    'GET /api/preferences/tables': ok([]),
    'GET /api/alarms/overview': (call) =>
      ok(overview({ trend: { ...overview().trend, bucket: call.query.get('bucket') as 'day' } })),
    'GET /api/alarms': ok(page([alarmRow(1)])),
    'GET /api/plants': ok([{ plantId: 3, name: 'Praha roof' }]),
  });
}

installFakeLiveSocket();

const hrefOf = (testId: string) => screen.getByTestId(testId).closest('a')?.getAttribute('href');

describe('alarm overview', () => {
  it('shows the counts, the mean time to recover and the top lists', async () => {
    const api = routes();
    await renderAlarmCenter('/alarmCenter/alarmOverView');
    expect(await screen.findByTestId('alarm-total')).toHaveTextContent('42');
    expect(screen.getByTestId('alarm-severity-critical')).toHaveTextContent('2');
    expect(screen.getByTestId('alarm-state-active')).toHaveTextContent('7');
    expect(screen.getByTestId('alarm-group-communication')).toHaveTextContent('11');
    expect(screen.getByTestId('alarm-unacknowledged')).toHaveTextContent('9');
    expect(screen.getByTestId('alarm-flapping')).toHaveTextContent('1');
    expect(screen.getByTestId('alarm-mttr')).toHaveTextContent('2 hr 15 min');
    expect(screen.getByTestId('alarm-window')).toHaveTextContent(
      '2026-03-01 00:00:00 UTC+0 – 2026-03-03 23:59:59 UTC+0',
    );
    expect(within(screen.getByTestId('alarm-top-plants')).getByText('Praha roof')).toBeInTheDocument();
    expect(within(screen.getByTestId('alarm-top-devices')).getByText('VF5K240001')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET /api/alarms/overview')[0]?.query ?? [])).toEqual({ bucket: 'day' });
  });

  it('asks again while the server is still counting after a change, until the figures are current', async () => {
    let calls = 0;
    const api = fakeApi({
      'GET /api/preferences/tables': ok([]),
      'GET /api/alarms/overview': () => {
        calls += 1;
        return ok(calls === 1 ? overview({ total: 41, refreshing: true }) : overview({ total: 42 }));
      },
      'GET /api/alarms': ok(page([alarmRow(1)])),
      'GET /api/plants': ok([]),
    });
    await renderAlarmCenter('/alarmCenter/alarmOverView');
    expect(await screen.findByTestId('alarm-total')).toHaveTextContent('41');
    await waitFor(() => expect(screen.getByTestId('alarm-total')).toHaveTextContent('42'), { timeout: 3_000 });
    // Current figures: no further asking.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(api.callsTo('GET /api/alarms/overview')).toHaveLength(2);
  });

  it('links every figure to the search with its filters added to the overview’s own', async () => {
    routes();
    await renderAlarmCenter('/alarmCenter/alarmOverView?from=2026-03-01&plantId=3');
    await screen.findByTestId('alarm-total');
    const search = '/alarmCenter/alarmSearch?from=2026-03-01&plantId=3';
    expect(hrefOf('alarm-total')).toBe(`${search}&state=all`);
    expect(hrefOf('alarm-severity-critical')).toBe(`${search}&severity=critical&state=all`);
    expect(hrefOf('alarm-state-recovered')).toBe(`${search}&state=recovered`);
    expect(hrefOf('alarm-group-battery')).toBe(`${search}&group=battery&state=all`);
    expect(hrefOf('alarm-unacknowledged')).toBe(`${search}&ack=unacknowledged&state=all`);
    expect(hrefOf('alarm-mttr')).toBe(`${search}&state=recovered`);
    const plant = within(screen.getByTestId('alarm-top-plants-5'));
    expect(plant.getByText('Brno hall').closest('a')).toHaveAttribute(
      'href',
      '/alarmCenter/alarmSearch?from=2026-03-01&plantId=5&state=all',
    );
    const device = within(screen.getByTestId('alarm-top-devices-101'));
    expect(device.getByText('11').closest('a')).toHaveAttribute(
      'href',
      '/alarmCenter/alarmSearch?from=2026-03-01&plantId=3&deviceId=101&sn=VF5K240001&state=all',
    );
  });

  it('lands on the search filtered as the clicked figure says', async () => {
    const api = routes();
    const { user, location } = await renderAlarmCenter('/alarmCenter/alarmOverView?plantId=3');
    await user.click(await screen.findByTestId('alarm-severity-critical'));

    // Without chosen days the link carries the days of the window the overview counted.
    await waitFor(() =>
      expect(location()).toBe(
        '/alarmCenter/alarmSearch?from=2026-03-01&to=2026-03-03&plantId=3&severity=critical&state=all',
      ),
    );
    await screen.findByTestId('alarm-row-1');
    expect(Object.fromEntries(api.callsTo('GET /api/alarms')[0]?.query ?? [])).toMatchObject({
      plantId: '3',
      severity: 'critical',
    });
    expect(chosenLabel(screen.getByTestId('alarm-filter-severity'))).toBe('Critical');
    expect(screen.getByTestId('alarm-filter-from')).toHaveValue('2026-03-01');
  });

  it('switches the trend bucket through the URL', async () => {
    const api = routes();
    const { user, location } = await renderAlarmCenter('/alarmCenter/alarmOverView');
    await screen.findByTestId('alarm-total');
    await user.click(screen.getByTestId('alarm-bucket-hour'));
    await waitFor(() => expect(location()).toBe('/alarmCenter/alarmOverView?bucket=hour'));
    await waitFor(() => expect(api.callsTo('GET /api/alarms/overview').at(-1)?.query.get('bucket')).toBe('hour'));
    expect(screen.getByTestId('alarm-bucket-hour')).toHaveAttribute('aria-checked', 'true');
  });

  it.each([
    ['2026-03-03 14:00', 'hour', '/alarmCenter/alarmSearch?from=2026-03-03&to=2026-03-03&plantId=3&state=all'],
    ['2026-03-03', 'day', '/alarmCenter/alarmSearch?from=2026-03-03&to=2026-03-03&plantId=3&state=all'],
    ['2026-02', 'month', '/alarmCenter/alarmSearch?from=2026-02-01&to=2026-02-28&plantId=3&state=all'],
  ] as const)('opens the search for the days of trend bucket %s (%s)', (label, bucket, url) => {
    expect(bucketSearchUrl({ plantId: 3, from: '2025-01-01', to: '2026-12-31' }, label, bucket)).toBe(url);
  });
});
