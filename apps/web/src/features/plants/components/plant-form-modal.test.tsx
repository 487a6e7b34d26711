import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import type { Lang } from '@voltfleet/domain/i18n';
import type { Plant, PlantAccountOption, PlantInputBody } from '@voltfleet/domain/plants';
import { typeDay } from '@/test/antd-fields';
import { fakeApi, ok, refused, type ApiCall, type FakeAnswer } from '@/test/fake-api';
import { renderWithProviders, testMe, type Rendered } from '@/test/render';
import PlantFormModal from './plant-form-modal';

const ME = testMe();

const ACCOUNTS: PlantAccountOption[] = [
  { id: ME.user.id, username: 'installer', name: 'Installer', level: 1 },
  { id: 9, username: 'owner9', name: 'Jana', level: 2 },
  // A name equal to the username is not said twice.
  { id: 10, username: 'sam', name: 'sam', level: 2 },
];

/** Ant Design spaces out a two-character Chinese button text. */
const SAVE: Record<Lang, RegExp> = { en: /^Save$/, de: /^Speichern$/, cs: /^Uložit$/, zh: /^保\s?存$/ };

/** The fields that are typed into (Ant Design puts the test id on the input itself for these). */
type TextField =
  'name' | 'powerKw' | 'capacityKwh' | 'longitude' | 'latitude' | 'address' | 'azimuthDeg' | 'constructionDate';

/** What a user types into a new plant's empty fields: all valid. */
const TYPED = {
  name: 'Brno_Roof',
  powerKw: '6.5',
  capacityKwh: '10',
  longitude: '16.606837',
  latitude: '49.195060',
  address: 'Náměstí Svobody 1, Brno',
  constructionDate: '2024-03-01',
} satisfies Partial<Record<TextField, string>>;

/** A valid plant as the server lists it. */
const STORED: Plant = {
  plantId: 42,
  name: 'Praha_Vinohrady',
  type: 2,
  powerKw: 9.6,
  capacityKwh: 10.2,
  longitude: 14.4378,
  latitude: 50.0755,
  address: 'Korunní 810/104, Praha',
  azimuthDeg: 170,
  inclinationDeg: 35,
  currency: 'CZK',
  onGridType: 2,
  timeZone: 'Europe/Prague',
  constructionDate: '2023-04-18',
  ownerId: null,
  ownerName: null,
  affiliatedUserIds: [9],
  status: 'normal',
  activeAlarms: { count: 0, maxSeverity: null },
  deviceCount: 3,
  createdAt: '2023-04-18T08:00:00.000Z',
  refreshedAt: '2025-03-01T08:00:00.000Z',
};

const input = (name: TextField) => screen.getByTestId<HTMLInputElement>(`plant-form-${name}`);

/** Replaces a field's text with one paste: typed key by key, every key would cost a render and a validation. */
async function retype({ user }: Rendered, name: TextField, text: string) {
  await user.clear(input(name));
  if (text !== '') await user.paste(text);
}

/** The modal over a fake server that saves whatever it is sent, unless `answer` says otherwise. */
async function renderModal({
  plant = null,
  lang = 'en',
  answer,
}: { plant?: Plant | null; lang?: Lang; answer?: (call: ApiCall) => FakeAnswer } = {}) {
  const save = (call: ApiCall) =>
    answer?.(call) ?? ok({ ...STORED, ...(call.body as PlantInputBody), plantId: plant?.plantId ?? 43 });
  const api = fakeApi({
    'GET /api/plants/account-options': ok(ACCOUNTS),
    'POST /api/plants': save,
    [`PUT /api/plants/${STORED.plantId}`]: save,
  });
  const onClose = vi.fn<() => void>();
  const view = await renderWithProviders(<PlantFormModal plant={plant} onClose={onClose} />, { lang, me: ME });
  return {
    ...view,
    api,
    onClose,
    clickSave: () => view.user.click(screen.getByRole('button', { name: SAVE[lang] })),
    /** The bodies of the saves sent so far. */
    sent: () => api.calls.filter((c) => c.method !== 'GET').map((c) => c.body),
  };
}

describe('PlantFormModal', () => {
  it("creates a plant from the typed values and the defaults, in the user's own time zone", async () => {
    // The zone the browser reports, whatever the machine running the test is set to.
    vi.stubEnv('TZ', 'America/Sao_Paulo');
    const view = await renderModal();
    expect(screen.getByRole('dialog', { name: 'Add plant' })).toBeInTheDocument();
    // The owner is the user until another account is chosen.
    await waitFor(() => expect(screen.getByTestId('plant-form-ownerId')).toHaveTextContent('Installer (installer)'));
    for (const [name, text] of Object.entries(TYPED)) {
      // The construction date is Ant Design's date picker: a day typed into it and the field left.
      if (name === 'constructionDate') await typeDay(view.user, input(name), text);
      else await retype(view, name as TextField, text);
    }
    await view.user.click(screen.getByRole('combobox', { name: 'Owner account' }));
    expect(screen.getByTitle('sam')).toBeInTheDocument();
    await view.user.click(screen.getByTitle('Jana (owner9)'));
    await view.clickSave();

    await waitFor(() => expect(view.onClose).toHaveBeenCalledOnce());
    expect(view.api.callsTo('POST /api/plants')).toHaveLength(1);
    expect(view.sent()).toEqual([
      {
        ...TYPED,
        // Numbers as numbers; coordinates as typed, so the server judges the decimals the user wrote.
        powerKw: 6.5,
        capacityKwh: 10,
        type: 1,
        azimuthDeg: 180,
        inclinationDeg: 30,
        onGridType: 1,
        currency: 'CNY',
        timeZone: 'America/Sao_Paulo',
        ownerId: 9,
        affiliatedUserIds: [],
      },
    ]);
    expect(await screen.findByText('Added')).toBeInTheDocument();
  });

  // Refused with the domain's words in the user's language and nothing sent; the message goes as soon as the value
  // is right, and the plant is then saved with it. (A valid stored plant is edited, so only this field is typed.)
  it.each<[Lang, TextField, string, string, string | number]>([
    ['en', 'name', ' Praha', 'No spaces at the start or end', 'Praha'],
    ['zh', 'name', 'Praha-Roof', '只能包含字母、数字、下划线和中文', 'Praha_Roof'],
    ['de', 'powerKw', '-5', 'Bitte geben Sie eine positive Zahl ein', 6.5],
    ['de', 'azimuthDeg', '361', 'Der Wert darf 360 nicht überschreiten', 360],
    [
      'cs',
      'latitude',
      '49.1950601',
      'Zeměpisná šířka musí být desetinné číslo od -90 do 90 s nejvýše 6 desetinnými místy',
      '49.195060',
    ],
    ['zh', 'longitude', '181', '经度须为 -180 到 180 之间的小数，最多 6 位小数', '-180.000000'],
    ['cs', 'address', '', 'Toto pole je povinné', 'Brno'],
  ])('%s: refuses %s "%s" with "%s"', async (lang, name, wrong, message, right) => {
    const view = await renderModal({ plant: STORED, lang });
    await retype(view, name, wrong);
    await view.clickSave();

    await waitFor(() => expect(input(name)).toHaveAccessibleDescription(message));
    expect(input(name)).toHaveAttribute('aria-invalid', 'true');
    expect(view.sent()).toEqual([]);

    await retype(view, name, String(right));
    await waitFor(() => expect(input(name)).not.toHaveAttribute('aria-invalid'));
    expect(input(name)).toHaveAccessibleDescription('');
    await view.clickSave();
    await waitFor(() => expect(view.onClose).toHaveBeenCalledOnce());
    expect(view.sent()).toEqual([expect.objectContaining({ [name]: right })]);
  });

  it('refuses a cleared construction date in the language of the form, then saves the day picked', async () => {
    const view = await renderModal({ plant: STORED, lang: 'de' });
    // The picker shows the day as a German reader writes it, and draws itself anew once dayjs speaks German.
    expect(input('constructionDate')).toHaveValue('18.04.2023');
    await waitFor(() => expect(dayjs.locale()).toBe('de'));
    // Its clear button, as a pointer over the field shows it (the modal's opening animation may still hold pointers).
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Zurücksetzen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    await view.clickSave();

    await waitFor(() => expect(input('constructionDate')).toHaveAccessibleDescription('Dieses Feld ist erforderlich'));
    expect(view.sent()).toEqual([]);

    await typeDay(view.user, input('constructionDate'), '01.03.2024');
    await waitFor(() => expect(input('constructionDate')).toHaveAccessibleDescription(''));
    await view.clickSave();
    await waitFor(() => expect(view.onClose).toHaveBeenCalledOnce());
    expect(view.sent()).toEqual([expect.objectContaining({ constructionDate: '2024-03-01' })]);
  });

  it('edits a plant: its values filled in, only the input fields sent back', async () => {
    const view = await renderModal({ plant: STORED, lang: 'cs' });
    expect(screen.getByRole('dialog', { name: 'Upravit elektrárnu' })).toBeInTheDocument();
    expect(input('longitude')).toHaveValue('14.4378');
    expect(screen.getByTestId('plant-form-timeZone')).toHaveTextContent('Europe/Prague');
    await waitFor(() => expect(screen.getByTestId('plant-form-affiliatedUserIds')).toHaveTextContent('Jana (owner9)'));
    await retype(view, 'powerKw', '12');
    await view.clickSave();

    await waitFor(() => expect(view.onClose).toHaveBeenCalledOnce());
    const [put] = view.api.callsTo('PUT /api/plants/42');
    expect(put!.headers['Accept-Language']).toBe('cs');
    // No id, status, counts or times; a plant without an owner is sent without one (the server keeps it so).
    expect(put!.body).toEqual({
      name: 'Praha_Vinohrady',
      type: 2,
      powerKw: 12,
      capacityKwh: 10.2,
      longitude: '14.4378',
      latitude: '50.0755',
      address: 'Korunní 810/104, Praha',
      azimuthDeg: 170,
      inclinationDeg: 35,
      currency: 'CZK',
      onGridType: 2,
      timeZone: 'Europe/Prague',
      constructionDate: '2023-04-18',
      affiliatedUserIds: [9],
    });
    expect(await screen.findByText('Upraveno')).toBeInTheDocument();
  });

  it('offers UTC+10 as a fixed offset in any season, labelled apart from zones with daylight saving', async () => {
    const view = await renderModal({ plant: STORED, lang: 'de' });
    await view.user.click(screen.getByRole('combobox', { name: 'Zeitzone' }));
    await view.user.paste('UTC+10');
    await view.user.click(await screen.findByTitle('UTC+10 · fester Versatz, ohne Sommerzeit'));
    await view.clickSave();

    await waitFor(() => expect(view.onClose).toHaveBeenCalledOnce());
    expect(view.sent()).toEqual([expect.objectContaining({ timeZone: 'Etc/GMT-10' })]);
  });

  it('marks a named zone that follows daylight saving', async () => {
    await renderModal({ plant: STORED });
    expect(screen.getByTestId('plant-form-timeZone')).toHaveTextContent(
      /^UTC\+[12] Europe\/Prague · follows daylight saving$/,
    );
  });

  it("puts the server's refusal of a field under that field and keeps the form open", async () => {
    const scope = 'The owner must be you or one of your subordinates';
    const view = await renderModal({
      plant: STORED,
      answer: () => refused(400, 'validation', 'Invalid request', { issues: [{ path: 'ownerId', message: scope }] }),
    });
    await view.clickSave();

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Owner account' })).toHaveAccessibleDescription(scope),
    );
    expect(view.sent()).toHaveLength(1);
    expect(view.onClose).not.toHaveBeenCalled();
    // Said once, under the field: not as a notice as well.
    expect(screen.getAllByText(scope)).toHaveLength(1);
  });

  it('says a refusal of something that is not on the form as a notice', async () => {
    const view = await renderModal({
      plant: STORED,
      lang: 'de',
      answer: () =>
        refused(400, 'validation', 'Ungültige Anfrage', {
          issues: [{ path: 'plantId', message: 'Unbekannte Anlage' }],
        }),
    });
    await view.clickSave();

    expect(await screen.findByText('Unbekannte Anlage')).toBeInTheDocument();
    expect(view.sent()).toHaveLength(1);
    expect(view.onClose).not.toHaveBeenCalled();
  });
});
