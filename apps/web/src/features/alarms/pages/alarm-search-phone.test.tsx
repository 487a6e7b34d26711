import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseOption } from '@/test/antd-fields';
import { installFakeLiveSocket } from '@/test/fake-live-socket';
import { fakeApi, ok } from '@/test/fake-api';
import { asPhone } from '@/test/phone';
import { alarmDetail, alarmRow, page, renderAlarmCenter } from '../test/alarm-fixtures';

installFakeLiveSocket();
afterEach(() => {
  vi.restoreAllMocks();
});

describe('alarm search on a phone', () => {
  it('filters in a sheet, lists cards and acknowledges in a full-screen drawer', async () => {
    asPhone();
    const api = fakeApi({
      'GET /api/preferences/tables': ok([]),
      'GET /api/alarms': ok(page([alarmRow(1), alarmRow(2, { sn: 'VF10K240002', severity: 'critical' })])),
      'GET /api/plants': ok([{ plantId: 3, name: 'Praha roof' }]),
      'GET /api/alarms/1': ok(alarmDetail(1, { acknowledgedAt: null })),
      'POST /api/alarms/acknowledge': ok({ acknowledged: 1 }),
    });
    const { user, location } = await renderAlarmCenter('/alarmCenter/alarmSearch?state=active');

    // Cards, not the table; the filters wait behind a button that counts them.
    const card = await screen.findByTestId('alarm-card-2');
    expect(screen.queryByTestId('alarm-table')).toBeNull();
    expect(within(card).getByText('VF10K240002')).toBeInTheDocument();
    expect(within(card).getByText('Unacknowledged')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('alarm-filters')).not.toBeVisible());
    const open = screen.getByTestId('alarm-filter-sheet-open');
    expect(open).toHaveAccessibleName('Filters: 1 set');

    await user.click(open);
    const sheet = await screen.findByTestId('alarm-filter-sheet');
    await chooseOption(user, within(sheet).getByTestId('alarm-filter-severity'), 'Critical');
    await user.click(within(sheet).getByTestId('alarm-search'));
    await waitFor(() => expect(location()).toBe('/alarmCenter/alarmSearch?severity=critical'));
    await waitFor(() => expect(screen.getByTestId('alarm-filter-sheet-open')).toHaveAccessibleName('Filters: 2 set'));
    await waitFor(() => expect(screen.queryByTestId('alarm-filter-sheet')).not.toBeVisible());

    await user.click(screen.getByTestId('alarm-open-1'));
    const drawer = await screen.findByTestId('alarm-drawer');
    // The actions sit above the details: the drawer's heading has no room for them on a phone.
    const ack = await within(drawer).findByTestId('alarm-detail-ack');
    expect(drawer.closest('.ant-drawer')).toHaveClass('phone-touch');
    await user.click(ack);
    await user.click(await screen.findByTestId('alarm-ack-confirm'));
    await waitFor(() => expect(api.callsTo('POST /api/alarms/acknowledge')[0]?.body).toMatchObject({ ids: [1] }));
  });
});
