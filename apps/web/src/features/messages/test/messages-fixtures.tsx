import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Message } from '@voltfleet/domain/notices';
import { renderWithProviders, testMe } from '@/test/render';
import MessagesPage from '../pages/messages-page';
import { NotificationBell } from '../components/notification-bell';

/** Messages of every kind as the API returns them (the callers' parameter contracts). */
export function message(id: number, fields: Partial<Message> = {}): Message {
  return {
    id,
    kind: 'alarm',
    event: 'raised',
    params: {
      alarmId: 40 + id,
      code: 'grid.voltageHigh',
      severity: 'major',
      plantName: 'Praha roof',
      deviceSn: 'VF5K240001',
      at: '2026-03-03T22:30:00.000Z',
      timeZone: 'Europe/Prague',
    },
    link: `/alarmCenter/alarmSearch?alarm=${40 + id}`,
    readAt: null,
    createdAt: '2026-03-03T22:30:05.000Z',
    ...fields,
  };
}

export const page = (items: Message[], total = items.length) => ({ items, total, page: 1, pageSize: 15 });

/** The page and the bell at their paths in a memory router; `location()` is where the app went. */
export async function renderMessages(
  url: string,
  options: { canOpen?: (link: string) => boolean; lang?: 'en' | 'zh' | 'cs' | 'de' } = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: '/messages',
        element: (
          <>
            <NotificationBell listPath="/messages" canOpen={options.canOpen} />
            <MessagesPage canOpen={options.canOpen} />
          </>
        ),
      },
      { path: '/home', element: <NotificationBell listPath="/messages" canOpen={options.canOpen} /> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const view = await renderWithProviders(<RouterProvider router={router} />, {
    me: testMe(['C', 'C/A']),
    lang: options.lang ?? 'en',
  });
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, location };
}
