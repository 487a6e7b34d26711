import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '@/test/fake-api';
import { FakeLiveSocket, installFakeLiveSocket } from '@/test/fake-live-socket';
import { message, page, renderMessages } from '../test/messages-fixtures';

installFakeLiveSocket();

const COUNT = 'GET /api/messages/unread-count';
const LIST = 'GET /api/messages';
/** The count the bell says (its label names it; the badge's digits animate). */
const countShown = () => screen.getByTestId('notification-bell').getAttribute('aria-label')?.split(': ')[1];

describe('notification bell', () => {
  it('shows the unread count and follows the live unread events of this user', async () => {
    // The server's count, which the live events announce (the bell reads it again when its socket (re)opens).
    let unread = 3;
    fakeApi({ [COUNT]: () => ok({ count: unread }) });
    await renderMessages('/home');
    await waitFor(() => expect(countShown()).toBe('3'));
    const socket = FakeLiveSocket.latest();
    socket.open();
    for (const next of [4, 0]) {
      unread = next;
      socket.push({ type: 'unread', count: next });
      await waitFor(() => expect(countShown()).toBe(String(next)));
    }
    // Other live traffic leaves it alone.
    socket.push({ type: 'plantStatus', plantId: 1, status: 'alarm' });
    expect(countShown()).toBe('0');
  });

  it('reads the count and an open list again when the server says it may have missed events (resync)', async () => {
    let unread = 1;
    const api = fakeApi({ [COUNT]: () => ok({ count: unread }), [LIST]: ok(page([message(1)])) });
    await renderMessages('/messages');
    await screen.findByTestId('message-1');
    const socket = FakeLiveSocket.latest();
    socket.open();
    await waitFor(() => expect(countShown()).toBe('1'));
    const lists = api.callsTo(LIST).length;
    unread = 5;
    socket.push({ type: 'resync' });
    await waitFor(() => expect(countShown()).toBe('5'));
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(lists));
  });

  it('refreshes an open list when the count changes live', async () => {
    const api = fakeApi({ [COUNT]: ok({ count: 1 }), [LIST]: ok(page([message(1)])) });
    await renderMessages('/messages');
    await screen.findByTestId('message-1');
    const before = api.callsTo(LIST).length;
    FakeLiveSocket.latest().open();
    FakeLiveSocket.latest().push({ type: 'unread', count: 2 });
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(before));
  });

  it('opens the newest unread ones; a click marks it read and follows its link; view all leads to the list', async () => {
    const api = fakeApi({
      [COUNT]: ok({ count: 1 }),
      [LIST]: ok(page([message(1)])),
      'POST /api/messages/read': ok({ changed: 1 }),
    });
    const { user, location } = await renderMessages('/home');
    await user.click(screen.getByTestId('notification-bell'));
    const popover = within(await screen.findByTestId('bell-popover'));
    expect(await popover.findByTestId('message-1')).toHaveTextContent('Grid voltage high');
    expect(Object.fromEntries(api.callsTo(LIST)[0]!.query)).toMatchObject({ read: 'unread', pageSize: '5' });
    expect(popover.getByTestId('bell-view-all')).toHaveAttribute('href', '/messages');
    await user.click(popover.getByRole('button', { name: /Grid voltage high/ }));
    await waitFor(() => expect(api.callsTo('POST /api/messages/read')[0]?.body).toEqual({ ids: [1] }));
    expect(location()).toBe('/alarmCenter/alarmSearch?alarm=41');
  });

  it('marks all read from the popover and says "Cleared" (SPEC success message)', async () => {
    const api = fakeApi({
      [COUNT]: ok({ count: 2 }),
      [LIST]: ok(page([message(1), message(2)])),
      'POST /api/messages/read-all': ok({ changed: 2 }),
    });
    const { user } = await renderMessages('/home', { lang: 'de' });
    await user.click(screen.getByTestId('notification-bell'));
    await user.click(await screen.findByTestId('bell-read-all'));
    expect(await screen.findByText('Geleert')).toBeInTheDocument();
    expect(api.callsTo('POST /api/messages/read-all')).toHaveLength(1);
  });

  it('says when nothing is unread', async () => {
    fakeApi({ [COUNT]: ok({ count: 0 }), [LIST]: ok(page([])) });
    const { user } = await renderMessages('/home', { lang: 'cs' });
    await user.click(screen.getByTestId('notification-bell'));
    expect(await screen.findByText('Žádné nepřečtené zprávy')).toBeInTheDocument();
  });

  it('closes on a second click and opens again on a third (the popover loads with the first)', async () => {
    fakeApi({ [COUNT]: ok({ count: 0 }), [LIST]: ok(page([])) });
    const { user } = await renderMessages('/home');
    const bell = () => screen.getByTestId('notification-bell');
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell());
    await screen.findByTestId('bell-popover');
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    await user.click(bell());
    await waitFor(() => expect(bell()).toHaveAttribute('aria-expanded', 'false'));
    await user.click(bell());
    await waitFor(() => expect(bell()).toHaveAttribute('aria-expanded', 'true'));
    // jsdom runs no CSS animations: the popover's own hidden class says whether it is shown.
    expect((await screen.findByTestId('bell-popover')).closest('.ant-popover-hidden')).toBeNull();
  });
});
