import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Lang } from '@voltfleet/domain/i18n';
import type { Notice } from '@voltfleet/domain/notices';
import { fakeApi, ok, refused } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import { UpgradeNotices } from './upgrade-notices';

const UNSEEN = 'GET /api/notices/unseen';

function notice(id: number, version: string): Notice {
  const words = (lang: string) => ({ title: `${lang} title ${version}`, body: `${lang} body ${version}` });
  return {
    id,
    version,
    date: '2026-11-26',
    texts: {
      zh: { title: `升级到 ${version}`, body: `新功能：\n<b>不是 HTML</b>` },
      en: words('en'),
      cs: words('cs'),
      de: { title: `Update auf ${version}`, body: `Neu:\n<b>kein HTML</b>` },
    },
    publishedAt: '2026-11-26T08:00:00.000Z',
  };
}

/** A fake server whose unseen list loses a notice when it is dismissed, as the real one does. */
function noticeServer(...notices: Notice[]) {
  let unseen = [...notices];
  const routes = {
    [UNSEEN]: () => ok(unseen),
    ...Object.fromEntries(
      notices.map((n) => [
        `POST /api/notices/${n.id}/dismiss`,
        () => {
          unseen = unseen.filter((u) => u.id !== n.id);
          return ok(null);
        },
      ]),
    ),
  };
  return fakeApi(routes);
}

const renderNotices = (lang: Lang = 'en') =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/plantCenter/plantList']}>
      <Routes>
        <Route path="/notices" element={<p>the notice list</p>} />
        <Route path="*" element={<UpgradeNotices listPath="/notices" />} />
      </Routes>
    </MemoryRouter>,
    { lang, me: testMe(['A']) },
  );

describe('upgrade notice dialog', () => {
  it.each([
    ['de', 'Update auf 2.4.0', 'Version 2.4.0 · 2026-11-26', 'Verstanden'],
    ['zh', '升级到 2.4.0', '版本 2.4.0 · 2026-11-26', '我知道了'],
    ['en', 'en title 2.4.0', 'Version 2.4.0 · 2026-11-26', 'Got it'],
  ] as const)('shows the notice in the user’s language (%s)', async (lang, title, meta, dismiss) => {
    noticeServer(notice(1, '2.4.0'));
    await renderNotices(lang);
    expect(await screen.findByTestId('notice-title')).toHaveTextContent(title);
    expect(screen.getByText(meta)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: dismiss })).toBeInTheDocument();
  });

  it('shows the text as plain text: markup is not HTML, line breaks are kept', async () => {
    noticeServer(notice(1, '2.4.0'));
    await renderNotices('de');
    const body = await screen.findByTestId('notice-body');
    expect(body.textContent).toBe('Neu:\n<b>kein HTML</b>');
    expect(body.querySelector('b')).toBeNull();
  });

  it('dismisses on the server and closes', async () => {
    const api = noticeServer(notice(7, '2.4.0'));
    const { user } = await renderNotices('en');
    await user.click(await screen.findByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByTestId('notice-title')).toBeNull());
    expect(api.callsTo('POST /api/notices/7/dismiss')).toHaveLength(1);
    // The list was asked again after the dismissal (and came back empty).
    expect(api.callsTo(UNSEEN)).toHaveLength(2);
  });

  it('shows the next unseen notice after a dismissal, newest first', async () => {
    const api = noticeServer(notice(2, '2.5.0'), notice(1, '2.4.0'));
    const { user } = await renderNotices('en');
    expect(await screen.findByTestId('notice-title')).toHaveTextContent('en title 2.5.0');
    expect(screen.getByText('Version 2.5.0 · 2026-11-26 · 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.getByTestId('notice-title')).toHaveTextContent('en title 2.4.0'));
    expect(api.callsTo('POST /api/notices/2/dismiss')).toHaveLength(1);
    expect(api.callsTo('POST /api/notices/1/dismiss')).toHaveLength(0);
  });

  it('lets a notice withdrawn meanwhile go quietly', async () => {
    let unseen = [notice(5, '2.4.0')];
    const api = fakeApi({
      [UNSEEN]: () => ok(unseen),
      'POST /api/notices/5/dismiss': () => {
        unseen = [];
        return refused(404, 'not_found', 'Not found');
      },
    });
    const { user } = await renderNotices('en');
    await user.click(await screen.findByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByTestId('notice-title')).toBeNull());
    expect(api.callsTo(UNSEEN)).toHaveLength(2);
    expect(screen.queryByText('Not found')).toBeNull();
  });

  it('closing puts the notices off without dismissing them', async () => {
    const api = noticeServer(notice(1, '2.4.0'));
    const { user } = await renderNotices('en');
    await screen.findByTestId('notice-title');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('notice-title')).toBeNull());
    expect(api.callsTo('POST /api/notices/1/dismiss')).toHaveLength(0);
  });

  it('leads to the list of every notice', async () => {
    noticeServer(notice(1, '2.4.0'));
    const { user } = await renderNotices('en');
    await user.click(await screen.findByRole('button', { name: 'All notices' }));
    expect(await screen.findByText('the notice list')).toBeInTheDocument();
    expect(screen.queryByTestId('notice-title')).toBeNull();
  });

  it('shows nothing when every notice has been seen', async () => {
    const api = noticeServer();
    await renderNotices('en');
    await waitFor(() => expect(api.callsTo(UNSEEN)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
