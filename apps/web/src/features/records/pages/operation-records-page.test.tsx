import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Lang } from '@voltfleet/domain/i18n';
import type { OperationRecord } from '@voltfleet/domain/records';
import { chooseOption, chosenLabel } from '@/test/antd-fields';
import { fakeApi, ok, type ApiCall } from '@/test/fake-api';
import { renderWithProviders, testMe, type Rendered } from '@/test/render';
import OperationRecordsPage from './operation-records-page';

const MARKUP = '<img src=x onerror=alert(1)>';

const record = (id: number, fields: Partial<OperationRecord> = {}): OperationRecord => ({
  id,
  userId: 3,
  username: 'dealerA',
  ip: '192.0.2.1',
  action: 'plant.update',
  category: 'plant',
  objectType: 'plant',
  objectId: '12',
  objectName: MARKUP,
  params: { name: MARKUP },
  changes: { name: { from: '<b>x</b>', to: MARKUP } },
  ok: true,
  refusal: null,
  apiKeyId: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...fields,
});

/** Shows where the page's filters took the URL. */
function Location() {
  const { search } = useLocation();
  return <output data-testid="location">{search}</output>;
}

function serve(items: OperationRecord[] = [record(1)]) {
  return fakeApi({
    'GET /api/records/operations': ok({ items, total: items.length, page: 1, pageSize: 15 }),
    'GET /api/records/users': ok([
      { id: 3, username: 'dealerA' },
      { id: 5, username: 'ownerA' },
    ]),
    'GET /api/preferences/tables': ok([]),
  });
}

const renderPage = (search = '', lang: Lang = 'en') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[`/userCenter/operateRecord${search}`]}>
      <OperationRecordsPage />
      <Location />
    </MemoryRouter>,
    { lang, me: testMe(['D', 'D/D']) },
  );

async function fill(user: Rendered['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const lastQuery = (calls: ApiCall[]) => Object.fromEntries(calls[calls.length - 1]!.query);

describe('operation records filters', () => {
  const labels: [Lang, string[]][] = [
    ['en', ['User', 'Category', 'Object type', 'Object name or ID', 'Client address (IP)', 'Time range']],
    ['zh', ['用户', '类别', '对象类型', '对象名称或编号', '客户端地址 (IP)', '时间范围']],
    ['cs', ['Uživatel', 'Kategorie', 'Typ objektu', 'Název nebo ID objektu', 'Adresa klienta (IP)', 'Časové období']],
    ['de', ['Benutzer', 'Kategorie', 'Objekttyp', 'Objektname oder ID', 'Client-Adresse (IP)', 'Zeitraum']],
  ];
  it.each(labels)('labels every filter in %s', async (lang, texts) => {
    serve();
    await renderPage('', lang);
    const form = (await screen.findByTestId('records-search')).closest('form')!;
    for (const text of texts) expect(within(form).getByText(text, { selector: 'label' })).toBeTruthy();
  });

  it('sends the chosen filters, keeps them in the URL and reads them back on a reload', async () => {
    const api = serve();
    const { user, unmount } = await renderPage();
    await chooseOption(user, screen.getByTestId('records-user'), 'ownerA');
    await chooseOption(user, screen.getByTestId('records-category'), 'Plant');
    await chooseOption(user, screen.getByTestId('records-object-type'), 'Plant');
    await fill(user, screen.getByTestId('records-object'), ' Alpha ');
    await fill(user, screen.getByTestId('records-ip'), '2001:db8::1');
    await user.click(screen.getByTestId('records-search'));

    await waitFor(() =>
      expect(lastQuery(api.callsTo('GET /api/records/operations'))).toMatchObject({
        userId: '5',
        category: 'plant',
        objectType: 'plant',
        object: 'Alpha',
        ip: '2001:db8::1',
        page: '1',
      }),
    );
    const search = new URLSearchParams(screen.getByTestId('location').textContent ?? '');
    expect(Object.fromEntries(search)).toEqual({
      userId: '5',
      category: 'plant',
      objectType: 'plant',
      object: 'Alpha',
      ip: '2001:db8::1',
    });
    unmount();

    // The same URL opened anew: the same request, the same values in the fields.
    const again = serve();
    await renderPage(`?${search.toString()}`);
    await waitFor(() =>
      expect(lastQuery(again.callsTo('GET /api/records/operations'))).toMatchObject({ userId: '5', ip: '2001:db8::1' }),
    );
    expect(chosenLabel(screen.getByTestId('records-category'))).toBe('Plant');
    expect((screen.getByTestId('records-object') as HTMLInputElement).value).toBe('Alpha');
    await waitFor(() => expect(chosenLabel(screen.getByTestId('records-user'))).toBe('ownerA'));
    // A long journey through the form on a shared machine: more time than the default, no timed assertion.
  }, 60_000);

  it('refuses a bad address in the UI language and sends nothing', async () => {
    const api = serve();
    const { user } = await renderPage('', 'de');
    await screen.findByTestId('records-search');
    const before = api.callsTo('GET /api/records/operations').length;
    await fill(user, screen.getByTestId('records-ip'), '192.0.2.300');
    await user.click(screen.getByTestId('records-search'));
    expect((await screen.findByRole('alert')).textContent).toBe('Geben Sie eine gültige IPv4- oder IPv6-Adresse ein');
    expect(api.callsTo('GET /api/records/operations')).toHaveLength(before);
  });

  it('leaves out what a hand-edited URL holds that the server would refuse', async () => {
    const api = serve();
    await renderPage('?ip=not-an-ip&category=plant&from=2026-03-05T00:00:00Z&to=2026-03-01T00:00:00Z');
    await waitFor(() => expect(api.callsTo('GET /api/records/operations').length).toBeGreaterThan(0));
    const query = lastQuery(api.callsTo('GET /api/records/operations'));
    expect(query).toMatchObject({ category: 'plant' });
    expect(query).not.toHaveProperty('ip');
    expect(query).not.toHaveProperty('from');
  });

  it('shows markup in names as text in the table and the technical details', async () => {
    serve();
    await renderPage();
    const row = await screen.findByTestId('record-row-1');
    expect(row.querySelector('img')).toBeNull();
    expect(row.querySelector('b')).toBeNull();
    expect(within(row).getAllByText(new RegExp(MARKUP.replace(/[()]/g, '\\$&'))).length).toBeGreaterThan(0);
    expect(row.querySelector('pre')!.textContent).toContain(MARKUP);
  });

  it.each([
    ['en', 'via API key 7'],
    ['de', 'über API-Schlüssel 7'],
  ] as const)('says in %s which API key made a change, and nothing for a session', async (lang, text) => {
    serve([record(1), record(2, { apiKeyId: 7 })]);
    await renderPage('', lang);
    expect(within(await screen.findByTestId('record-row-2')).getByText(text)).toBeTruthy();
    expect(within(screen.getByTestId('record-row-1')).queryByText(/API/)).toBeNull();
  });
});

describe('operation records rows (issue 36)', () => {
  const SERIALS = Array.from({ length: 10 }, (_, i) => `VF${String(i + 1).padStart(4, '0')}`);
  const command = { action: 'command.issue', category: 'command', objectType: 'device', changes: null };
  const batch = record(2, {
    ...command,
    objectId: SERIALS.join(','),
    objectName: SERIALS.join(', '),
    params: { kind: 'workMode', value: 4, deviceIds: SERIALS.map((_, i) => i + 1) },
  });
  const refused = record(3, {
    ...command,
    objectId: null,
    objectName: 'VF0001',
    params: { kind: 'socLowerLimitPct', value: 150, deviceIds: [1] },
    ok: false,
    refusal: {
      zh: 'SOC下限必须在 10 到 100 之间',
      en: 'SOC lower limit must be between 10 and 100',
      cs: 'Spodní mez SOC musí být mezi 10 a 100',
      de: 'SOC-Untergrenze muss zwischen 10 und 100 liegen',
    },
  });

  it.each<[Lang, string, string, string]>([
    ['en', '10 devices', 'Command to VF0001 refused', 'Refused: SOC lower limit must be between 10 and 100'],
    ['de', '10 Geräte', 'Befehl an VF0001 abgelehnt', 'Abgelehnt: SOC-Untergrenze muss zwischen 10 und 100 liegen'],
  ])('summarises a batch that opens onto its serial numbers and says why a refusal in %s', async (lang, n, a, why) => {
    serve([batch, refused]);
    const { user } = await renderPage('', lang);
    const batchRow = await screen.findByTestId('record-row-2');
    const devices = within(batchRow).getByTestId('record-devices');
    expect(devices.querySelector('summary')!.textContent).toBe(n);
    // The serial numbers are one click away, not ten names in a row.
    expect(within(devices).getByText('VF0010')).not.toBeVisible();
    await user.click(devices.querySelector('summary')!);
    expect(
      within(devices)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(SERIALS);
    const refusedRow = screen.getByTestId('record-row-3');
    expect(refusedRow.textContent).toContain(a);
    expect(within(refusedRow).getByTestId('record-refusal').textContent).toBe(why);
  });
});
