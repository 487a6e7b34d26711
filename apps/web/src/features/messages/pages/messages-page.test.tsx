import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Message } from '@voltfleet/domain/notices';
import { chooseOption, typeDay } from '@/test/antd-fields';
import { fakeApi, ok, type ApiCall } from '@/test/fake-api';
import { installFakeLiveSocket } from '@/test/fake-live-socket';
import { message, page, renderMessages } from '../test/messages-fixtures';

installFakeLiveSocket();

const LIST = 'GET /api/messages';
const COUNT = 'GET /api/messages/unread-count';
const queryOf = (call: ApiCall | undefined) => Object.fromEntries(call?.query ?? []);

const EVERY_KIND: Message[] = [
  message(1),
  message(2, {
    kind: 'command',
    event: 'failed',
    params: { commandId: 9, deviceSn: 'VF5K240001', commandKind: 'powerOn', state: 'failed', reason: 'notAllowed' },
    link: '/deviceCenter/commandIssue',
  }),
  message(3, {
    kind: 'upgrade',
    event: 'succeeded',
    params: { upgradeId: 4, deviceSn: 'VF5K240001', firmwareKind: 'PCU', version: '4.1.0', reason: null },
    link: '/deviceCenter/commandIssue',
    readAt: '2026-03-04T08:00:00.000Z',
  }),
  message(4, {
    kind: 'workorder',
    event: 'assigned',
    params: { workOrderId: 7, title: 'Replace fan', state: 'open', by: 'Dana' },
    link: '/workOrders?open=7',
  }),
  message(5, { kind: 'notice', event: 'published', params: { noticeId: 2, version: '2.5.0' }, link: '/notices' }),
  message(6, {
    kind: 'workorder',
    event: 'stateChanged',
    params: { workOrderId: 7, title: 'Replace fan', state: 'inProgress', by: 'Dana' },
    link: '/workOrders?open=7',
  }),
];

describe('messages page', () => {
  it('renders every kind in the reader’s language from its parameters', async () => {
    fakeApi({ [LIST]: ok(page(EVERY_KIND)), [COUNT]: ok({ count: 4 }) });
    await renderMessages('/messages');
    expect(await screen.findByTestId('message-1')).toHaveTextContent(
      'Alarm “Grid voltage high” (Major) raised on VF5K240001 at Praha roof',
    );
    // The alarm's time on its plant's clock.
    expect(screen.getByTestId('message-1')).toHaveTextContent('Plant time 2026-03-03 23:30:00 UTC+1');
    expect(screen.getByTestId('message-2')).toHaveTextContent('Power on on VF5K240001 failed');
    expect(screen.getByTestId('message-2')).toHaveTextContent('The device does not allow this in its current state');
    expect(screen.getByTestId('message-3')).toHaveTextContent('Firmware upgrade of VF5K240001 to PCU 4.1.0 succeeded');
    expect(screen.getByTestId('message-3')).toHaveAttribute('data-unread', 'false');
    expect(screen.getByTestId('message-4')).toHaveTextContent('Dana assigned work order “Replace fan” to you');
    expect(screen.getByTestId('message-5')).toHaveTextContent('Upgrade notice for version 2.5.0 published');
    // A work order's state in words, not its key.
    expect(screen.getByTestId('message-6')).toHaveTextContent('Work order “Replace fan” is now In progress (Dana)');
  });

  it('speaks German after a language switch, without asking the server for words', async () => {
    fakeApi({ [LIST]: ok(page([message(1)])), [COUNT]: ok({ count: 1 }) });
    await renderMessages('/messages', { lang: 'de' });
    expect(await screen.findByTestId('message-1')).toHaveTextContent('ausgelöst');
  });

  it('filters by kind, read state and days, from page one', async () => {
    const api = fakeApi({ [LIST]: ok(page([message(1)], 40)), [COUNT]: ok({ count: 1 }) });
    const { user } = await renderMessages('/messages');
    await screen.findByTestId('message-1');
    await chooseOption(user, screen.getByTestId('messages-kind'), 'Command');
    await chooseOption(user, screen.getByTestId('messages-read'), 'Unread');
    await typeDay(user, screen.getByTestId('messages-from'), '2026-03-01');
    await typeDay(user, screen.getByTestId('messages-to'), '2026-03-31');
    await waitFor(() => {
      const q = queryOf(api.callsTo(LIST).at(-1));
      expect(q).toMatchObject({ kind: 'command', read: 'unread', page: '1', pageSize: '15' });
      // The days in the browser's zone, the last one inclusive.
      expect(new Date(q.from!).getDate()).toBe(1);
      expect(new Date(q.to!).getTime() - new Date(q.from!).getTime()).toBeGreaterThanOrEqual(30 * 86_400_000);
    });
  });

  it('says so when there is nothing', async () => {
    fakeApi({ [LIST]: ok(page([])), [COUNT]: ok({ count: 0 }) });
    await renderMessages('/messages');
    expect(await screen.findByTestId('messages-empty')).toHaveTextContent('No messages here.');
    expect(screen.getByTestId('messages-read-all')).toBeDisabled();
  });

  it('opening a message marks it read and follows its link', async () => {
    const api = fakeApi({
      [LIST]: ok(page([message(1)])),
      [COUNT]: ok({ count: 1 }),
      'POST /api/messages/read': ok({ changed: 1 }),
    });
    const { user, location } = await renderMessages('/messages');
    await user.click(within(await screen.findByTestId('message-1')).getByRole('button', { name: /Grid voltage high/ }));
    await waitFor(() => expect(api.callsTo('POST /api/messages/read')[0]?.body).toEqual({ ids: [1] }));
    expect(location()).toBe('/alarmCenter/alarmSearch?alarm=41');
  });

  it('does not follow a link the user cannot open', async () => {
    fakeApi({
      [LIST]: ok(page([message(1)])),
      [COUNT]: ok({ count: 1 }),
      'POST /api/messages/read': ok({ changed: 1 }),
    });
    const { user, location } = await renderMessages('/messages', { canOpen: () => false });
    await user.click(within(await screen.findByTestId('message-1')).getByRole('button', { name: /Grid voltage high/ }));
    expect(location()).toBe('/messages');
  });

  it('marks selected messages read, marks all read, and deletes the selected after confirming', async () => {
    const api = fakeApi({
      [LIST]: ok(page([message(1), message(2)])),
      [COUNT]: ok({ count: 2 }),
      'POST /api/messages/read': ok({ changed: 1 }),
      'POST /api/messages/read-all': ok({ changed: 2 }),
      'POST /api/messages/delete': ok({ changed: 2 }),
    });
    const { user } = await renderMessages('/messages');
    await user.click(await screen.findByTestId('message-select-2'));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByTestId('messages-mark-read'));
    await waitFor(() => expect(api.callsTo('POST /api/messages/read')[0]?.body).toEqual({ ids: [2] }));

    await user.click(screen.getByTestId('messages-read-all'));
    await waitFor(() => expect(api.callsTo('POST /api/messages/read-all')[0]?.body).toEqual({}));
    expect(await screen.findByText('Cleared')).toBeInTheDocument();

    await user.click(screen.getByTestId('messages-select-all'));
    await user.click(screen.getByTestId('messages-delete'));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Delete 2 messages?');
    expect(api.callsTo('POST /api/messages/delete')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('POST /api/messages/delete')[0]?.body).toEqual({ ids: [1, 2] }));
  });

  it('pages through the server’s pages', async () => {
    const api = fakeApi({ [LIST]: ok(page([message(1)], 40)), [COUNT]: ok({ count: 1 }) });
    const { user } = await renderMessages('/messages');
    await screen.findByTestId('message-1');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queryOf(api.callsTo(LIST).at(-1))).toMatchObject({ page: '2' }));
  });
});
