import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Lang } from '@voltfleet/domain/i18n';
import { fakeApi, ok } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { DebugDevicePicker } from './debug-device-picker';

const LIST = {
  items: [{ id: 4, sn: 'VF10K0004', model: '10K', plantName: 'Roof', pcuVersion: 603 }],
  total: 1,
  hidden: { offline: 2, mqttOnly: 1, noGateway: 0 },
};

describe('DebugDevicePicker', () => {
  it.each<[Lang, string]>([
    ['zh', '有 3 台设备未显示：2 台离线，1 台仅支持 MQTT'],
    ['en', '3 devices are not shown: 2 offline, 1 speaks MQTT only'],
    ['cs', '3 zařízení nejsou zobrazena: 2 offline, 1 komunikuje jen přes MQTT'],
    ['de', '3 Geräte werden nicht angezeigt: 2 offline, 1 spricht nur MQTT'],
  ])('lists the connected devices only and says in %s why the others are missing', async (lang, text) => {
    fakeApi({ 'GET /api/debug/devices': ok(LIST) });
    const onSelect = vi.fn();
    const { user } = await renderWithProviders(<DebugDevicePicker selected={null} onSelect={onSelect} />, { lang });
    expect(await screen.findByTestId('debug-hidden')).toHaveTextContent(text);
    // The reported 603 reads as the version every other page shows, PCU a label beside it (issue 36).
    expect(screen.getByRole('radio').closest('label')).toHaveTextContent(/· PCU 6\.0\.3$/);
    await user.click(screen.getByRole('radio'));
    expect(onSelect).toHaveBeenCalledWith(LIST.items[0]);
  });

  it('says none is connected, and nothing about missing ones when none is missing', async () => {
    fakeApi({
      'GET /api/debug/devices': ok({ items: [], total: 0, hidden: { offline: 0, mqttOnly: 0, noGateway: 0 } }),
    });
    await renderWithProviders(<DebugDevicePicker selected={null} onSelect={() => undefined} />);
    expect(await screen.findByTestId('debug-no-device')).toHaveTextContent(
      'No matching inverter is connected over OSIM right now',
    );
    expect(screen.queryByTestId('debug-hidden')).not.toBeInTheDocument();
  });
});
