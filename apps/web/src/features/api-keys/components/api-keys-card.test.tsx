import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@voltfleet/domain/api-keys';
import { fakeApi, ok, refused } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import ApiKeysCard from './api-keys-card';

const KEY: ApiKey = {
  id: 4,
  name: 'Service desk',
  shown: 'vf_AbCdEfG',
  access: 'read',
  permissions: ['A', 'A/A', 'B', 'B/A'],
  plantIds: [1],
  plantNames: ['Prague roof'],
  createdAt: '2026-03-01T08:00:00.000Z',
  expiresAt: '2026-06-02T00:00:00.000Z',
  revokedAt: null,
  lastUsedAt: '2026-03-02T09:30:00.000Z',
  lastUsedFrom: '203.0.113.7',
  state: 'active',
};

const HELD = ['A', 'A/A', 'A/D', 'A/D:tariff.edit', 'B', 'B/A', 'B/A:device.export'];
const me = () => testMe(HELD);

/** A window as wide as a laptop's: every min-width breakpoint matches (jsdom's own matchMedia matches none). */
function wideWindow() {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...real(query),
    matches: query.includes('min-width'),
  }));
}

const PLANTS = [{ plantId: 1, name: 'Prague roof' }].map((p) => ({ ...p, status: 'normal' }));

// Generous: the first render on a machine shared with other work loads the table, the form, the tree and the date picker.
describe('API keys', { timeout: 60_000 }, () => {
  it('lists the keys with their prefix, access, plants, permissions, last use and state', async () => {
    wideWindow();
    fakeApi({
      'GET /api/api-keys': ok([
        KEY,
        {
          ...KEY,
          id: 5,
          name: 'Old script',
          access: 'readWrite',
          plantIds: null,
          plantNames: [],
          lastUsedAt: null,
          lastUsedFrom: null,
          state: 'revoked',
        },
      ]),
    });
    await renderWithProviders(<ApiKeysCard />, { me: me() });
    const table = await screen.findByTestId('api-keys-table');
    // The table shows its empty row until the list arrives.
    await within(table).findByText('Service desk');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('vf_AbCdEfG…');
    expect(rows[1]).toHaveTextContent('Read only');
    expect(rows[1]).toHaveTextContent('Prague roof');
    expect(rows[1]).toHaveTextContent('4 permissions');
    // The last day the key works (it ends at the start of the next UTC day), as the form asked for it.
    expect(rows[1]).toHaveTextContent('until 2026-06-01');
    expect(rows[1]).toHaveTextContent('from 203.0.113.7');
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[2]).toHaveTextContent('Read and write');
    expect(rows[2]).toHaveTextContent('All my plants');
    expect(rows[2]).toHaveTextContent('Never');
    expect(rows[2]).toHaveTextContent('Revoked');
    // Only an active key can be revoked.
    expect(within(rows[2]!).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('lists a key in one compact cell on a phone', async () => {
    fakeApi({ 'GET /api/api-keys': ok([KEY]) });
    await renderWithProviders(<ApiKeysCard />, { me: me() });
    const table = await screen.findByTestId('api-keys-table');
    await within(table).findByText('Service desk');
    // No heading row: one row of one cell per key, with every fact of it.
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getAllByRole('cell')).toHaveLength(1);
    for (const text of [
      'vf_AbCdEfG…',
      'Active',
      'Read only',
      '4 permissions',
      'Prague roof',
      'until 2026-06-01',
      '203.0.113.7',
    ])
      expect(rows[0]).toHaveTextContent(text);
    expect(within(rows[0]!).getByRole('button', { name: 'Revoke' })).toBeVisible();
    // The create button sits in the card's body, not beside its title.
    expect(within(screen.getByTestId('api-keys')).getByTestId('api-key-create')).toBeVisible();
  });

  it('creates a read-only key for a chosen plant with the read-only pages held, and shows the key once', async () => {
    const api = fakeApi({
      'GET /api/api-keys': ok([]),
      'GET /api/plants': ok(PLANTS),
      'POST /api/api-keys': ok({ ...KEY, key: 'vf_secret-123' }),
    });
    const { user } = await renderWithProviders(<ApiKeysCard />, { me: me() });
    await user.click(await screen.findByTestId('api-key-create'));
    await user.type(await screen.findByTestId('api-key-name'), 'Service desk');
    // Read only: the tree offers pages and modules, not functions.
    const tree = screen.getByTestId('api-key-permissions');
    expect(within(tree).queryByText('Edit tariffs')).toBeNull();
    await user.click(screen.getByText('Chosen plants'));
    await user.click(await screen.findByRole('combobox', { name: 'Plants' }));
    await user.click(await screen.findByTitle('Prague roof'));
    await user.click(screen.getByTestId('api-key-submit'));
    const created = await screen.findByTestId('api-key-created');
    expect(within(created).getByTestId('api-key-secret')).toHaveTextContent('vf_secret-123');
    expect(within(created).getByTestId('api-key-example')).toHaveTextContent(
      `curl -H "Authorization: Bearer vf_secret-123" ${window.location.origin}/api/plants`,
    );
    expect(created).toHaveTextContent('shown only now');
    const body = api.callsTo('POST /api/api-keys')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Service desk',
      access: 'read',
      permissions: ['A', 'A/A', 'A/D', 'B', 'B/A'],
      plantIds: [1],
    });
    expect(body.expiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Closed, the key is gone: opening the dialog again starts a new key.
    await user.click(screen.getByTestId('api-key-done'));
    await user.click(screen.getByTestId('api-key-create'));
    expect(await screen.findByTestId('api-key-name')).toHaveValue('');
    expect(screen.queryByTestId('api-key-created')).toBeNull();
    expect(document.body.innerHTML).not.toContain('vf_secret-123');
  });

  it('offers functions to a read-write key and shows the server refusal under its field', async () => {
    const api = fakeApi({
      'GET /api/api-keys': ok([]),
      'POST /api/api-keys': refused(400, 'validation', 'Invalid input', {
        issues: [{ path: 'expiresOn', message: 'The last day is more than a year ahead' }],
      }),
    });
    const { user } = await renderWithProviders(<ApiKeysCard />, { me: me() });
    await user.click(await screen.findByTestId('api-key-create'));
    await user.type(await screen.findByTestId('api-key-name'), 'Tariffs');
    await user.click(screen.getByText('Read and write'));
    await user.click(await within(screen.getByTestId('api-key-permissions')).findByText('Edit tariffs'));
    await user.click(screen.getByTestId('api-key-submit'));
    expect(await screen.findByText('The last day is more than a year ahead')).toHaveClass(
      'ant-form-item-explain-error',
    );
    const body = api.callsTo('POST /api/api-keys')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ access: 'readWrite', plantIds: null });
    expect(body.permissions).toContain('A/D:tariff.edit');
    expect(screen.queryByTestId('api-key-created')).toBeNull();
  });

  it('revokes a key after a confirmation', async () => {
    const api = fakeApi({
      'GET /api/api-keys': ok([KEY]),
      'DELETE /api/api-keys/4': ok({ ...KEY, state: 'revoked' }),
    });
    const { user } = await renderWithProviders(<ApiKeysCard />, { me: me() });
    await user.click(await screen.findByTestId('api-key-revoke-4'));
    expect(api.callsTo('DELETE /api/api-keys/4')).toHaveLength(0);
    await user.click(await screen.findByTestId('api-key-revoke-ok'));
    await waitFor(() => expect(api.callsTo('DELETE /api/api-keys/4')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET /api/api-keys').length).toBeGreaterThan(1));
  });
});
