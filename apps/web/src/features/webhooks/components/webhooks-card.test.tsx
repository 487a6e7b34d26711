import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Webhook, WebhookDelivery } from '@voltfleet/domain/webhooks';
import { fakeApi, ok, refused } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import WebhooksCard from './webhooks-card';

const HOOK: Webhook = {
  id: 3,
  url: 'https://hooks.example.com/voltfleet',
  events: ['alarm.raised', 'device.offline'],
  plantIds: null,
  plantNames: [],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-03-01T08:00:00.000Z',
};

const DELIVERY: WebhookDelivery = {
  id: 41,
  messageId: 'msg_0123456789abcdef0123456789abcdef',
  type: 'alarm.raised',
  status: 'pending',
  attempts: [{ at: '2026-03-01T09:00:00.000Z', status: 500, error: 'HTTP 500', ms: 12, body: 'try later' }],
  createdAt: '2026-03-01T09:00:00.000Z',
  nextAttemptAt: '2026-03-01T09:00:30.000Z',
  deliveredAt: null,
};

// The alarm search page (C/A) and the device list (B/A); neither control records nor the command page.
const me = () => testMe(['A', 'B', 'B/A', 'C', 'C/A']);

describe('webhooks', { timeout: 60_000 }, () => {
  it('lists webhooks with their events, plants and state', async () => {
    fakeApi({
      'GET /api/webhooks': ok([
        HOOK,
        {
          ...HOOK,
          id: 4,
          url: 'https://other.example/x',
          plantIds: [1],
          plantNames: ['Prague roof'],
          enabled: false,
          disabledReason: 'failing',
        },
      ]),
    });
    await renderWithProviders(<WebhooksCard />, { me: me() });
    const table = await screen.findByTestId('webhooks-table');
    await within(table).findByText('https://hooks.example.com/voltfleet');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Alarm raised');
    expect(rows[1]).toHaveTextContent('Device offline');
    expect(rows[1]).toHaveTextContent('All my plants');
    expect(rows[1]).toHaveTextContent('On');
    expect(rows[2]).toHaveTextContent('Prague roof');
    expect(rows[2]).toHaveTextContent('Off: failed for a day');
  });

  it('creates a webhook with the events the role may receive and shows its secret once', async () => {
    const api = fakeApi({
      'GET /api/webhooks': ok([]),
      'POST /api/webhooks': ok({ ...HOOK, secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0' }),
    });
    const { user } = await renderWithProviders(<WebhooksCard />, { me: me() });
    await user.click(await screen.findByTestId('webhook-create'));
    await user.type(await screen.findByTestId('webhook-url'), 'https://hooks.example.com/voltfleet');
    const events = screen.getByTestId('webhook-events');
    // Command outcomes need control records or the command page, which the role lacks.
    expect(within(events).queryByText('Command finished')).toBeNull();
    await user.click(within(events).getByText('Alarm raised'));
    await user.click(within(events).getByText('Device offline'));
    await user.click(screen.getByTestId('webhook-submit'));
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret).toHaveTextContent('whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0');
    expect(api.callsTo('POST /api/webhooks')[0]!.body).toEqual({
      url: 'https://hooks.example.com/voltfleet',
      events: ['alarm.raised', 'device.offline'],
      plantIds: null,
    });
    // Closed, the secret is gone: opening the dialog again starts a new webhook.
    await user.click(screen.getByTestId('webhook-done'));
    await user.click(screen.getByTestId('webhook-create'));
    expect(await screen.findByTestId('webhook-url')).toHaveValue('');
    await waitFor(() => expect(document.body.innerHTML).not.toContain('whsec_c2VjcmV0'));
  });

  it('shows a refused address under its field', async () => {
    fakeApi({
      'GET /api/webhooks': ok([]),
      'POST /api/webhooks': refused(400, 'validation', 'Invalid input', {
        issues: [{ path: 'url', message: 'This address resolves to 10.0.0.5' }],
      }),
    });
    const { user } = await renderWithProviders(<WebhooksCard />, { me: me() });
    await user.click(await screen.findByTestId('webhook-create'));
    await user.type(await screen.findByTestId('webhook-url'), 'https://inner.example/');
    await user.click(within(screen.getByTestId('webhook-events')).getByText('Alarm raised'));
    await user.click(screen.getByTestId('webhook-submit'));
    expect(await screen.findByText('This address resolves to 10.0.0.5')).toHaveClass('ant-form-item-explain-error');
  });

  it('opens the delivery log and sends a delivery again', async () => {
    const api = fakeApi({
      'GET /api/webhooks': ok([HOOK]),
      'GET /api/webhooks/3/deliveries': ok({ items: [DELIVERY], total: 1, page: 1, pageSize: 20 }),
      'POST /api/webhooks/3/deliveries/41/redeliver': ok(DELIVERY),
    });
    const { user } = await renderWithProviders(<WebhooksCard />, { me: me() });
    await user.click(await screen.findByTestId('webhook-log-3'));
    const log = await screen.findByTestId('webhook-deliveries');
    await within(log).findByText('Waiting');
    expect(log).toHaveTextContent('Alarm raised');
    await user.click(within(log).getByTestId('webhook-redeliver-41'));
    await waitFor(() => expect(api.callsTo('POST /api/webhooks/3/deliveries/41/redeliver')).toHaveLength(1));
  });
});
