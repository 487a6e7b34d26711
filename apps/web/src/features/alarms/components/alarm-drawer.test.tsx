import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readWorkOrderPrefill } from '@voltfleet/domain/workorders';
import { installFakeLiveSocket } from '@/test/fake-live-socket';
import { fakeApi, ok } from '@/test/fake-api';
import { alarmDetail, alarmRow, page, renderAlarmCenter } from '../test/alarm-fixtures';

installFakeLiveSocket();

describe('alarm drawer', () => {
  it('creates a work order from the alarm: the form opens with plant, device and alarm filled in', async () => {
    const alarm = alarmDetail(1);
    fakeApi({
      'GET /api/alarms': ok(page([alarmRow(1)])),
      'GET /api/plants': ok([]),
      'GET /api/alarms/1': ok(alarm),
      // The search's column chooser reads the user's stored choice.
      'GET /api/preferences/tables': ok([]),
    });
    const { user, location } = await renderAlarmCenter('/alarmCenter/alarmSearch?alarm=1');
    const drawer = within(
      await screen.findByTestId('alarm-drawer').then((d) => d.closest('.ant-drawer') as HTMLElement),
    );
    await user.click(await drawer.findByTestId('alarm-detail-work-order'));
    await waitFor(() => expect(location()).toMatch(/^\/workOrders\?/));
    const prefill = readWorkOrderPrefill(new URLSearchParams(location().split('?')[1]));
    expect(prefill).toEqual({
      alarmId: 1,
      plantId: alarm.plantId,
      deviceId: alarm.deviceId,
      sn: alarm.sn,
      title: alarm.name,
    });
  });
});
