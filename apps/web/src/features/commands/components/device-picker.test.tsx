import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CommandDevice } from '@voltfleet/domain/commands';
import type { Lang } from '@voltfleet/domain/i18n';
import { fakeApi, ok } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { DevicePicker } from './device-picker';
import { SelectionSummary } from './selection-summary';

const device = (i: number, model: string, plant: string | null): CommandDevice => ({
  id: i,
  sn: `VF${model}${String(i).padStart(4, '0')}`,
  model,
  plantId: plant === null ? null : plant.length,
  plantName: plant,
  runningStatus: i % 5 === 0 ? 'offline' : 'online',
  protocol: i % 7 === 0 ? 'osim' : 'mqtt',
});

/** 22 inverters: 12 of 10K on the Roof, 6 of 5K in the Barn, 4 of 6K without a plant. */
const FLEET = Array.from({ length: 22 }, (_, i) =>
  i < 12 ? device(i + 1, '10K', 'Roof') : i < 18 ? device(i + 1, '5K', 'Barn') : device(i + 1, '6K', null),
);

/** The server as the picker sees it: filters by model, pages by serial number order, selects all matching. */
function server(selectionLimit = 1000) {
  const matching = (query: URLSearchParams) =>
    FLEET.filter((d) => !query.get('model') || d.model === query.get('model'));
  return fakeApi({
    'GET /api/commands/devices': ({ query }) => {
      const page = Number(query.get('page'));
      const pageSize = Number(query.get('pageSize'));
      const all = matching(query);
      return ok({ items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize });
    },
    'GET /api/commands/devices/all': ({ query }) => {
      const all = matching(query);
      return ok({ devices: all.length > selectionLimit ? [] : all, total: all.length, limit: selectionLimit });
    },
    'GET /api/commands/devices/options': ok({
      models: ['10K', '5K', '6K'],
      plants: [
        { id: 4, name: 'Barn' },
        { id: 4, name: 'Roof' },
      ],
    }),
  });
}

function Picker({ batchLimit = 20, canBatch = true }: { batchLimit?: number; canBatch?: boolean }) {
  const [selected, setSelected] = useState<CommandDevice[]>([]);
  return (
    <>
      <DevicePicker selected={selected} onChange={setSelected} />
      <SelectionSummary selected={selected} batchLimit={batchLimit} canBatch={canBatch} />
    </>
  );
}

const rows = () => within(screen.getByTestId('command-devices')).queryAllByTestId(/^command-device-row-/);
const summary = () => screen.getByTestId('command-selection-summary');

async function chooseModel(user: Awaited<ReturnType<typeof renderWithProviders>>['user'], model: string) {
  await user.click(within(screen.getByTestId('command-model-filter')).getByRole('combobox'));
  const options = await screen.findAllByTitle(model);
  await user.click(options.find((o) => o.classList.contains('ant-select-item-option'))!);
}

describe('DevicePicker', () => {
  it('pages the devices with the total, ticks single ones and summarises the selection', async () => {
    server();
    const { user } = await renderWithProviders(<Picker />);
    await waitFor(() => expect(rows()).toHaveLength(15));
    expect(screen.getByText('Total: 22')).toBeInTheDocument();
    expect(summary()).toHaveAttribute('data-count', '0');

    await user.click(screen.getByTestId('command-device-VF10K0001'));
    await user.click(screen.getByTestId('command-device-VF5K0013'));
    expect(summary()).toHaveAttribute('data-count', '2');
    expect(screen.getByTestId('command-selection-plants')).toHaveTextContent('Barn (1), Roof (1)');
    expect(screen.getByTestId('command-selection-models')).toHaveTextContent('10K (1), 5K (1)');

    // The second page, then one tick takes the device off again.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rows()).toHaveLength(7));
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(rows()).toHaveLength(15));
    await user.click(screen.getByTestId('command-device-VF10K0001'));
    expect(summary()).toHaveAttribute('data-count', '1');
  });

  it('selects all devices matching the filter across pages, from the server', async () => {
    const api = server();
    const { user } = await renderWithProviders(<Picker />);
    await chooseModel(user, '10K');
    await waitFor(() => expect(screen.getByText('Total: 12')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Select all 12 matching devices' }));
    await waitFor(() => expect(summary()).toHaveAttribute('data-count', '12'));
    expect(api.callsTo('GET /api/commands/devices/all').map((c) => c.query.get('model'))).toEqual(['10K']);
    expect(screen.getByTestId('command-selection-count')).toHaveTextContent('12 selected');
    expect(screen.getByTestId('command-selection-plants')).toHaveTextContent(/^Roof \(12\)$/);
    // Every device on the page is ticked.
    expect(screen.getByTestId('command-device-page')).toBeChecked();
    await user.click(screen.getByTestId('command-select-none'));
    expect(summary()).toHaveAttribute('data-count', '0');
  });

  it.each<[Lang, boolean, string]>([
    ['en', true, 'More than 20 devices: you confirm the batch before it is issued'],
    ['de', false, 'Sie dürfen nicht an mehr als 20 Geräte gleichzeitig senden'],
  ])(
    'says what the batch limit means for a large selection (%s, batch permission %s)',
    async (lang, canBatch, text) => {
      server();
      const { user } = await renderWithProviders(<Picker canBatch={canBatch} />, { lang });
      await waitFor(() => expect(rows()).toHaveLength(15));
      await user.click(screen.getByTestId('command-select-all'));
      await waitFor(() => expect(summary()).toHaveAttribute('data-count', '22'));
      expect(screen.getByTestId('command-batch-limit')).toHaveTextContent(text);
      expect(screen.getByTestId('command-selection-plants')).toHaveTextContent(
        lang === 'en' ? 'Roof (12), Barn (6), not in a plant (4)' : 'Roof (12), Barn (6), ohne Anlage (4)',
      );
    },
  );

  it('selects nothing and asks for a narrower filter when more match than one command may name', async () => {
    server(10);
    const { user } = await renderWithProviders(<Picker />, { lang: 'cs' });
    await waitFor(() => expect(rows()).toHaveLength(15));
    await user.click(screen.getByTestId('command-select-all'));
    expect(await screen.findByTestId('command-select-too-many')).toHaveTextContent(
      'Odpovídá 22 zařízení, jeden příkaz však jde nejvýše 10 zařízením: zužte filtr',
    );
    expect(summary()).toHaveAttribute('data-count', '0');
  });
});
