// Stock-in takes the grid code, protocols and template too (issue 38 point 6), checked by the domain schema first.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import { StockInModal } from './stock-in-modal';

const RESULT = {
  device: {
    id: 9,
    sn: 'VFSTOCK00001',
    kind: 'inverter',
    modelType: '10K',
    batteryModelType: '',
    installationPosition: '',
    ownerId: 1,
    ownerName: 'admin',
    plantId: null,
    plantName: null,
    plantTimeZone: null,
    activation: 'awaiting',
    importTime: '2026-01-01T00:00:00.000Z',
    activatedAt: null,
    hasCredentials: true,
  },
  credentials: { username: 'VFSTOCK00001', secret: 's' },
};

describe('stock-in form: device fields', () => {
  it('refuses a bad grid code before sending, then stocks in with the codes and template', async () => {
    const api = fakeApi({ 'POST /api/device-storage': ok(RESULT) });
    const onDone = vi.fn();
    const { user } = await renderWithProviders(<StockInModal onClose={() => {}} onDone={onDone} />, {
      me: testMe(['B', 'B/D', 'B/D:device.stockIn']),
    });
    await user.type(screen.getByTestId('stock-in-sn'), 'VFSTOCK00001');
    const model = screen.getByRole('combobox', { name: 'Model' });
    await user.click(model);
    const options = await screen.findAllByTitle('10K');
    await user.click(options.find((o) => o.classList.contains('ant-select-item-option'))!);
    await user.type(screen.getByTestId('stock-in-gridCode'), '65536');
    await user.click(screen.getByRole('button', { name: 'Put in storage' }));
    expect(await screen.findByText('Enter a whole number from 0 to 65535')).toBeInTheDocument();
    expect(api.callsTo('POST /api/device-storage')).toEqual([]);

    await user.clear(screen.getByTestId('stock-in-gridCode'));
    await user.type(screen.getByTestId('stock-in-gridCode'), '12');
    await user.type(screen.getByTestId('stock-in-meterProtocol'), '1');
    await user.type(screen.getByTestId('stock-in-template'), 'Home storage');
    await user.click(screen.getByRole('button', { name: 'Put in storage' }));
    await waitFor(() => expect(api.callsTo('POST /api/device-storage')).toHaveLength(1));
    expect(api.callsTo('POST /api/device-storage')[0]!.body).toMatchObject({
      sn: 'VFSTOCK00001',
      kind: 'inverter',
      modelType: '10K',
      gridCode: 12,
      meterProtocol: 1,
      template: 'Home storage',
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
  }, 30_000);
});
