import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES, translate } from '@voltfleet/domain/i18n';
import { NOTIFICATION_CHANNELS, type NotificationRule, type NotificationRuleOptions } from '@voltfleet/domain/alarms';
import { fakeApi, ok, refused, type ApiCall, type FakeAnswer } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import NotificationRuleForm from './notification-rule-form';
import { fieldNameOf, initialRuleValues, toRuleDraft } from './rule-form-model';
import { TEXTS } from '@/test/texts';

const cs = TEXTS.cs;
const de = TEXTS.de;
const en = TEXTS.en;
const zh = TEXTS.zh;

const OPTIONS: NotificationRuleOptions = {
  plants: [
    { plantId: 3, name: 'Praha roof' },
    { plantId: 5, name: 'Brno hall' },
  ],
  users: [
    { id: 7, username: 'installer', name: 'Installer' },
    { id: 9, username: 'owner9', name: 'Jana' },
  ],
};

const STORED: NotificationRule = {
  id: 12,
  name: 'Grid faults',
  allPlants: false,
  plants: [{ plantId: 3, name: 'Praha roof' }],
  groups: ['grid'],
  codes: [],
  minSeverity: 'major',
  users: [{ id: 9, username: 'owner9', name: 'Jana' }],
  emails: ['ops@example.com'],
  phones: [{ prePhoneCode: '+86', phone: '13812345678' }],
  channels: ['email', 'sms'],
  hourlyLimit: 5,
  dailyLimit: 20,
  recoveryNotices: true,
  enabled: true,
  ownerId: 7,
  ownerName: 'Installer',
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
};

function routes(save: (call: ApiCall) => FakeAnswer = (call) => ok({ ...STORED, ...(call.body as object) })) {
  return fakeApi({
    'GET /api/notification-rules/options': ok(OPTIONS),
    'POST /api/notification-rules': save,
    'PUT /api/notification-rules/12': save,
  });
}

async function open(rule: NotificationRule | null, lang: 'en' | 'de' = 'en') {
  const onClose = vi.fn();
  const view = await renderWithProviders(<NotificationRuleForm rule={rule} onClose={onClose} />, {
    lang,
    me: testMe(['C', 'C/C', 'C/C:rule.add', 'C/C:rule.edit']),
  });
  await screen.findByTestId('rule-form');
  return { ...view, onClose };
}

/** The error text shown in the form item that holds the element with this test id. */
const errorNear = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

describe('notification rule form', () => {
  it('creates a rule for all plants, sending only filled receiver rows', async () => {
    const api = routes();
    const { user, onClose } = await open(null);
    await user.type(screen.getByTestId('rule-form-name'), '  Night shift ');
    await user.click(screen.getByTestId('rule-form-add-email'));
    await user.type(screen.getByTestId('rule-form-email-0'), 'Ops@Example.com');
    await user.click(screen.getByTestId('rule-form-add-email')); // left empty: not a receiver
    await user.click(screen.getByTestId('rule-form-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /api/notification-rules')[0]?.body).toEqual({
      name: 'Night shift',
      allPlants: true,
      plantIds: [],
      groups: [],
      codes: [],
      minSeverity: 'warning',
      userIds: [],
      emails: ['ops@example.com'],
      phones: [],
      channels: ['email'],
      hourlyLimit: 10,
      dailyLimit: 50,
      recoveryNotices: true,
      enabled: true,
    });
  });

  it('shows the rule-level problems under their fields and sends nothing', async () => {
    const api = routes();
    const { user } = await open(null, 'de');
    await user.type(screen.getByTestId('rule-form-name'), 'Leer');
    await user.clear(screen.getByTestId('rule-form-hourly'));
    await user.type(screen.getByTestId('rule-form-hourly'), '60');
    await user.click(screen.getByTestId('rule-form-save'));

    await waitFor(() =>
      expect(errorNear('rule-form-users')).toBe(translate('notificationRule.receiverRequired', 'de')),
    );
    expect(errorNear('rule-form-hourly')).toBe(translate('notificationRule.hourlyAboveDaily', 'de'));
    expect(api.callsTo('POST /api/notification-rules')).toHaveLength(0);
  });

  it('asks for a phone or user when SMS is chosen, and checks the phone row', async () => {
    routes();
    const { user } = await open(null);
    await user.type(screen.getByTestId('rule-form-name'), 'SMS only');
    const channels = screen.getByTestId('rule-form-channels');
    await user.click(within(channels).getByLabelText('E-mail'));
    await user.click(within(channels).getByLabelText('SMS'));
    await user.click(screen.getByTestId('rule-form-add-email'));
    await user.type(screen.getByTestId('rule-form-email-0'), 'ops@example.com');
    await user.click(screen.getByTestId('rule-form-save'));
    await waitFor(() =>
      expect(screen.getByText(translate('notificationRule.smsNeedsPhone', 'en'))).toBeInTheDocument(),
    );

    await user.click(screen.getByTestId('rule-form-add-phone'));
    await user.type(screen.getByTestId('rule-form-phone-0'), '12345');
    await user.click(screen.getByTestId('rule-form-save'));
    await waitFor(() => expect(errorNear('rule-form-phone-0')).toBe(translate('validation.phone', 'en')));
    // Gone once its leave animation ends.
    await waitFor(() =>
      expect(screen.queryByText(translate('notificationRule.smsNeedsPhone', 'en'))).not.toBeInTheDocument(),
    );
  });

  it('edits a stored rule: its values are shown and sent back with the change', async () => {
    const api = routes();
    const { user, onClose } = await open(STORED);
    expect(screen.getByTestId('rule-form-name')).toHaveValue('Grid faults');
    expect(screen.getByTestId('rule-form-phone-0')).toHaveValue('13812345678');
    expect(await screen.findByTitle('Praha roof')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Plants' }));
    await user.click(await screen.findByTitle('Brno hall'));
    await user.click(screen.getByTestId('rule-form-all-plants')); // to "all": the chosen plants are not sent
    await user.click(screen.getByTestId('rule-form-all-plants')); // and back
    await user.click(screen.getByTestId('rule-form-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT /api/notification-rules/12')[0]?.body).toMatchObject({
      allPlants: false,
      plantIds: [3, 5],
      userIds: [9],
      phones: [{ prePhoneCode: '+86', phone: '13812345678' }],
      channels: ['email', 'sms'],
    });
  });

  it('puts the server’s refusal under the field it names', async () => {
    const scope = 'Only plants you may see can be chosen';
    routes(() => refused(400, 'validation', 'Invalid', { issues: [{ path: 'plantIds', message: scope }] }));
    const { user, onClose } = await open(STORED);
    await user.click(screen.getByTestId('rule-form-save'));
    await waitFor(() => expect(errorNear('rule-form-plants')).toBe(scope));
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('rule form model', () => {
  it.each([
    ['name', ['name']],
    ['plantIds.3', ['plantIds']],
    ['emails.1', ['emails', 1]],
    ['phones.0.phone', ['phones', 0, 'phone']],
    ['phones.2', ['phones', 2, 'phone']],
    ['', ['name']],
  ] as const)('an issue at %j shows under %j', (path, name) => {
    expect(fieldNameOf(path)).toEqual(name);
  });

  it('maps a sent row back to its form row (empty rows are not sent)', () => {
    expect(fieldNameOf('emails.0', { emails: [2], phones: [] })).toEqual(['emails', 2]);
  });

  it('sends no single plants for "all plants"', () => {
    const values = { ...initialRuleValues(STORED), allPlants: true };
    expect(toRuleDraft(values).plantIds).toEqual([]);
  });

  it.each(LANGUAGES)('%s names every channel', (lang) => {
    const locale = { zh, en, cs, de }[lang] as { notificationRules: { channels: Record<string, string> } };
    expect(NOTIFICATION_CHANNELS.filter((c) => !locale.notificationRules.channels[c])).toEqual([]);
  });
});
