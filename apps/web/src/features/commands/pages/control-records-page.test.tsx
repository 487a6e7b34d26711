import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Command } from '@voltfleet/domain/commands';
import type { Lang } from '@voltfleet/domain/i18n';
import { chooseOption } from '@/test/antd-fields';
import { fakeApi, ok, type ApiCall } from '@/test/fake-api';
import { renderWithProviders, testMe, type Rendered } from '@/test/render';
import ControlRecordsPage from './control-records-page';

const command = (fields: Partial<Command> = {}): Command => ({
  id: 1,
  deviceId: 4,
  deviceSn: '<b>x</b>',
  plantName: '<img src=x onerror=alert(1)>',
  plantTimeZone: 'Europe/Prague',
  userId: 3,
  username: 'dealerA',
  ip: '192.0.2.1',
  kind: 'powerOn',
  category: 'remote',
  parameters: {},
  status: 'succeeded',
  reason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  sentAt: null,
  ackedAt: null,
  finishedAt: null,
  expiresAt: '2026-03-01T10:10:00.000Z',
  ...fields,
});

function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function serve() {
  return fakeApi({
    'GET /api/control-records': ok({ items: [command()], total: 1, page: 1, pageSize: 15 }),
    'GET /api/control-records/users': ok([
      { id: 3, username: 'dealerA' },
      { id: 5, username: 'ownerA' },
    ]),
    'GET /api/preferences/tables': ok([]),
  });
}

const renderPage = (search = '', lang: Lang = 'en') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[`/userCenter/contralRecord${search}`]}>
      <ControlRecordsPage />
      <Location />
    </MemoryRouter>,
    { lang, me: testMe(['D', 'D/C']) },
  );

async function fill(user: Rendered['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const lastQuery = (calls: ApiCall[]) => Object.fromEntries(calls[calls.length - 1]!.query);

describe('control records filters', () => {
  it('sends user, category, object and address, and keeps them in the URL', async () => {
    const api = serve();
    const { user } = await renderPage();
    await chooseOption(user, screen.getByTestId('records-user'), 'ownerA');
    await chooseOption(user, screen.getByTestId('records-category'), 'Parameter setting');
    await chooseOption(user, screen.getByTestId('records-object-type'), 'Plant');
    await fill(user, screen.getByTestId('records-object'), 'Alpha');
    await fill(user, screen.getByTestId('records-ip'), '192.0.2.1');
    await user.click(screen.getByTestId('records-search'));
    const expected = { userId: '5', category: 'parameter', objectType: 'plant', object: 'Alpha', ip: '192.0.2.1' };
    await waitFor(() => expect(lastQuery(api.callsTo('GET /api/control-records'))).toMatchObject(expected));
    expect(Object.fromEntries(new URLSearchParams(screen.getByTestId('location').textContent ?? ''))).toEqual(expected);
  }, 60_000);

  it('labels the filters in Czech and refuses a bad address in Czech', async () => {
    const api = serve();
    const { user } = await renderPage('', 'cs');
    for (const text of ['Uživatel', 'Kategorie', 'Typ objektu', 'Název nebo ID objektu', 'Adresa klienta (IP)'])
      expect(await screen.findByText(text, { selector: 'label' })).toBeTruthy();
    const before = api.callsTo('GET /api/control-records').length;
    await fill(user, screen.getByTestId('records-ip'), 'example.com');
    await user.click(screen.getByTestId('records-search'));
    expect((await screen.findByRole('alert')).textContent).toBe('Zadejte platnou adresu IPv4 nebo IPv6');
    expect(api.callsTo('GET /api/control-records')).toHaveLength(before);
  }, 60_000);

  it('shows markup in a serial number as text, and the address the command came from', async () => {
    serve();
    await renderPage();
    const table = await screen.findByTestId('control-records');
    await screen.findByText('<b>x</b>');
    expect(table.querySelector('img')).toBeNull();
    expect(table.querySelector('tbody b')).toBeNull();
    expect(screen.getAllByText('192.0.2.1').length).toBeGreaterThan(0);
  });
});
