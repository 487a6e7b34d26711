import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Delivery, NotificationRule } from '@voltfleet/domain/alarms';
import { fakeApi, ok } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import NotificationRulesPage from './notification-rules-page';

const RULE: NotificationRule = {
  id: 12,
  name: 'Grid faults',
  allPlants: false,
  plants: [
    { plantId: 3, name: 'Praha roof' },
    { plantId: 5, name: 'Brno hall' },
  ],
  groups: ['grid'],
  codes: ['battery.socLow'],
  minSeverity: 'major',
  users: [{ id: 9, username: 'owner9', name: 'Jana' }],
  emails: ['ops@example.com'],
  phones: [],
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

const page = (items: NotificationRule[]) => ({ items, total: items.length, page: 1, pageSize: 15 });
const ALL = ['C', 'C/C', 'C/C:rule.add', 'C/C:rule.edit', 'C/C:rule.delete'];

describe('notification rules page', () => {
  it('lists the rules in the UI language and pages by 15', async () => {
    const api = fakeApi({ 'GET /api/notification-rules': ok(page([RULE])) });
    await renderWithProviders(<NotificationRulesPage />, { me: testMe(ALL) });
    const row = await screen.findByTestId('rule-row-12');
    expect(row).toHaveTextContent('Praha roof, Brno hall');
    expect(row).toHaveTextContent('Grid, Battery SOC below lower limit, from Major');
    expect(row).toHaveTextContent('Jana, ops@example.com');
    expect(row).toHaveTextContent('5 per hour, 20 per day');
    expect(Object.fromEntries(api.callsTo('GET /api/notification-rules')[0]!.query)).toEqual({
      page: '1',
      pageSize: '15',
    });
  });

  it('switches a rule off, and deletes one after confirmation', async () => {
    const api = fakeApi({
      'GET /api/notification-rules': ok(page([RULE])),
      'PUT /api/notification-rules/12/enabled': ok({ ...RULE, enabled: false }),
      'DELETE /api/notification-rules/12': ok(null),
    });
    const { user } = await renderWithProviders(<NotificationRulesPage />, { me: testMe(ALL) });
    await user.click(await screen.findByTestId('rule-switch-12'));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/notification-rules/12/enabled')[0]?.body).toEqual({ enabled: false }),
    );

    await user.click(screen.getByTestId('rule-delete-12'));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/notification-rules/12')).toHaveLength(1));
  });

  it('shows no add, edit or delete without the function permissions, and a switch that cannot be used', async () => {
    fakeApi({ 'GET /api/notification-rules': ok(page([RULE])) });
    await renderWithProviders(<NotificationRulesPage />, { me: testMe(['C', 'C/C']) });
    await screen.findByTestId('rule-row-12');
    expect(screen.queryByTestId('rule-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('rule-edit-12')).not.toBeInTheDocument();
    expect(screen.queryByTestId('rule-delete-12')).not.toBeInTheDocument();
    expect(screen.getByTestId('rule-switch-12')).toBeDisabled();
  });

  it("opens a rule's delivery log, even without edit rights, with what became of each notice", async () => {
    const base: Delivery = {
      id: 1,
      messageId: 'm',
      kind: 'alarm',
      channel: 'email',
      address: 'ops@example.com',
      userName: null,
      status: 'sent',
      attempts: 1,
      lastError: null,
      digestId: null,
      alarmId: 4,
      event: 'raised',
      code: 'grid.voltageHigh',
      items: null,
      createdAt: '2026-03-01T08:00:00.000Z',
      sentAt: '2026-03-01T08:00:01.000Z',
    };
    const log = [
      { ...base, id: 9, kind: 'digest' as const, event: null, code: null, alarmId: null, items: 2 },
      { ...base, id: 8, status: 'digested' as const, digestId: 9, sentAt: null },
      { ...base, id: 7, status: 'failed' as const, lastError: 'SMTP 550: No such mailbox', attempts: 1, sentAt: null },
      base,
    ];
    const api = fakeApi({
      'GET /api/notification-rules': ok(page([RULE])),
      'GET /api/notification-rules/12/deliveries': ok({ items: log, total: 4, page: 1, pageSize: 15 }),
    });
    const { user } = await renderWithProviders(<NotificationRulesPage />, { me: testMe(['C', 'C/C']) });
    await user.click(await screen.findByTestId('rule-log-12'));
    const drawer = await screen.findByTestId('delivery-table');
    await waitFor(() => expect(drawer).toHaveTextContent('Digest of 2 notices'));
    expect(screen.getByTestId('delivery-status-8')).toHaveTextContent('In digest 9');
    expect(screen.getByTestId('delivery-status-7')).toHaveTextContent('Failed');
    expect(drawer).toHaveTextContent('SMTP 550: No such mailbox');
    expect(drawer).toHaveTextContent('Raised: ');
    await user.click(within(screen.getByTestId('delivery-status-filter')).getByText('Held for a digest'));
    await waitFor(() =>
      expect(api.callsTo('GET /api/notification-rules/12/deliveries').at(-1)!.query.get('status')).toBe('held'),
    );
  });
});
