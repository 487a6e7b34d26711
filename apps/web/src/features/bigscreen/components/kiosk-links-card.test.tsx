import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { KioskLink } from '@voltfleet/domain/big-screen';
import { fakeApi, ok } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import KioskLinksCard from './kiosk-links-card';

const LINK: KioskLink = {
  id: 4,
  name: 'Lobby wall',
  ownerId: 1,
  ownerName: 'admin',
  plantIds: [1],
  plantNames: ['Prague roof'],
  createdAt: '2026-03-01T08:00:00.000Z',
  expiresAt: '2026-06-01T23:59:59.999Z',
  revokedAt: null,
  lastUsedAt: null,
  state: 'active',
};

const me = () => {
  const user = testMe();
  user.role.views = ['bigScreen/map', 'bigScreen/flowGraph'];
  return user;
};

// Generous: the first render on a machine shared with other work loads the table, the form and the date picker.
describe('kiosk links', { timeout: 60_000 }, () => {
  it('lists the links and opens the big screens the role may see', async () => {
    fakeApi({ 'GET /api/kiosk-links': ok([LINK, { ...LINK, id: 5, name: 'Old', plantIds: null, state: 'revoked' }]) });
    await renderWithProviders(<KioskLinksCard />, { me: me() });
    const table = await screen.findByTestId('kiosk-table');
    // The table shows its empty row until the list arrives.
    await within(table).findByText('Lobby wall');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Lobby wall');
    expect(rows[1]).toHaveTextContent('Prague roof');
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('Never');
    expect(rows[2]).toHaveTextContent('All my plants');
    expect(rows[2]).toHaveTextContent('Revoked');
    // Only an active link can be revoked.
    expect(within(rows[2]!).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(screen.getByTestId('open-bigscreen-map')).toHaveAttribute('href', '/bigScreen/map');
    expect(screen.queryByTestId('open-bigscreen-charts')).toBeNull();
  });

  it('creates a link for chosen plants and shows its addresses once', async () => {
    const api = fakeApi({
      'GET /api/kiosk-links': ok([]),
      'GET /api/big-screen/plants': ok({
        plants: [{ plantId: 1, name: 'Prague roof' }].map((p) => ({
          ...p,
          latitude: 50,
          longitude: 14,
          status: 'normal',
          powerKwp: 10,
          capacityKwh: 0,
          pvPowerW: null,
          pvTodayKwh: 0,
          alarms: { count: 0, maxSeverity: null },
        })),
      }),
      'POST /api/kiosk-links': ok({ ...LINK, token: 'tok-123' }),
    });
    const { user } = await renderWithProviders(<KioskLinksCard />, { me: me() });
    await user.click(await screen.findByTestId('kiosk-create'));
    await user.type(await screen.findByTestId('kiosk-name'), 'Lobby wall');
    await user.click(screen.getByText('Chosen plants'));
    await user.click(await screen.findByRole('combobox', { name: 'Plants' }));
    await user.click(await screen.findByTitle('Prague roof'));
    await user.click(screen.getByTestId('kiosk-submit'));
    const created = await screen.findByTestId('kiosk-created');
    expect(within(created).getByTestId('kiosk-url-map')).toHaveTextContent(
      `${window.location.origin}/bigScreen/map?kiosk=tok-123`,
    );
    const body = api.callsTo('POST /api/kiosk-links')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Lobby wall', plantIds: [1] });
    expect(body.expiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Closed, the token is gone: opening the dialog again starts a new link (the closing dialog keeps its last
    // content until its animation ends, so the check is on the reopened one).
    await user.click(screen.getByTestId('kiosk-done'));
    await user.click(screen.getByTestId('kiosk-create'));
    expect(await screen.findByTestId('kiosk-name')).toHaveValue('');
    expect(screen.queryByTestId('kiosk-created')).toBeNull();
    expect(document.body.innerHTML).not.toContain('tok-123');
  });

  it('revokes a link after a confirmation', async () => {
    const api = fakeApi({
      'GET /api/kiosk-links': ok([LINK]),
      'DELETE /api/kiosk-links/4': ok(null),
    });
    const { user } = await renderWithProviders(<KioskLinksCard />, { me: me() });
    await user.click(await screen.findByTestId('kiosk-revoke-4'));
    expect(api.callsTo('DELETE /api/kiosk-links/4')).toHaveLength(0);
    await user.click(await screen.findByTestId('kiosk-revoke-ok'));
    await waitFor(() => expect(api.callsTo('DELETE /api/kiosk-links/4')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET /api/kiosk-links').length).toBeGreaterThan(1));
  });
});
