import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Lang } from '@voltfleet/domain/i18n';
import { type Notice } from '@voltfleet/domain/notices';
import { fakeApi, ok, refused } from '@/test/fake-api';
import { renderWithProviders, testMe, type Rendered } from '@/test/render';
import NoticesPage from './notices-page';

const LIST = 'GET /api/notices';

const notice = (id: number, version: string): Notice => ({
  id,
  version,
  date: '2026-11-26',
  texts: {
    zh: { title: `升级到 ${version}`, body: '正文' },
    en: { title: `Update to ${version}`, body: 'First line\nsecond <i>line</i>' },
    cs: { title: `Aktualizace na ${version}`, body: 'Text' },
    de: { title: `Update auf ${version}`, body: 'Text' },
  },
  publishedAt: '2026-11-26T08:00:00.000Z',
});

const page = (items: Notice[]) => ok({ items, total: items.length, page: 1, pageSize: 15 });
/** Puts a text into a field in one input event (typing it key by key makes the whole form render per key). */
async function fill(user: Rendered['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const renderPage = (permissions: string[], lang: Lang = 'en') =>
  renderWithProviders(<NoticesPage />, { lang, me: testMe(permissions) });

describe('notices page', () => {
  it('lists past notices in the UI language, without publishing tools for other users', async () => {
    fakeApi({ [LIST]: page([notice(2, '2.5.0'), notice(1, '2.4.0')]) });
    await renderPage(['A'], 'cs');
    expect(await screen.findByText('Aktualizace na 2.5.0')).toBeInTheDocument();
    expect(screen.getByText('Aktualizace na 2.4.0')).toBeInTheDocument();
    expect(screen.queryByTestId('notice-publish')).toBeNull();
    expect(screen.queryByTestId('notice-withdraw-1')).toBeNull();
  });

  it('shows a body as plain text', async () => {
    fakeApi({ [LIST]: page([notice(1, '2.4.0')]) });
    await renderPage(['A']);
    const item = await screen.findByTestId('notice-1');
    expect(item).toHaveTextContent('second <i>line</i>');
    expect(item.querySelector('i')).toBeNull();
  });

  it('says so when nothing was published yet', async () => {
    fakeApi({ [LIST]: page([]) });
    await renderPage(['A']);
    expect(await screen.findByText('No upgrade notices have been published yet.')).toBeInTheDocument();
  });

  it('lets a publisher withdraw a notice after confirming', async () => {
    const api = fakeApi({ [LIST]: page([notice(1, '2.4.0')]), 'DELETE /api/notices/1': ok(null) });
    const { user } = await renderPage(['E', 'E:notice.publish']);
    await user.click(await screen.findByTestId('notice-withdraw-1'));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/notices/1')).toHaveLength(1));
  });

  it('publishes a notice in all four languages', async () => {
    const api = fakeApi({ [LIST]: page([]), 'POST /api/notices': ok(notice(3, '2.6.0')) });
    const { user } = await renderPage(['E', 'E:notice.publish']);
    await user.click(await screen.findByTestId('notice-publish'));
    await fill(user, await screen.findByTestId('notice-form-version'), '2.6.0');
    const date = screen.getByTestId('notice-form-date');
    await user.clear(date);
    await fill(user, date, '2026-12-01');
    for (const lang of LANGUAGES) {
      const group = screen.getByTestId(`notice-form-${lang}`);
      await fill(user, within(group).getByLabelText('Title'), `Title ${lang}`);
      await fill(user, within(group).getByLabelText('Text'), `Body ${lang}`);
    }
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publish notice' }));
    await waitFor(() => expect(api.callsTo('POST /api/notices')).toHaveLength(1));
    const texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, { title: `Title ${lang}`, body: `Body ${lang}` }]));
    expect(api.callsTo('POST /api/notices')[0]?.body).toEqual({ version: '2.6.0', date: '2026-12-01', texts });
    await waitFor(() => expect(screen.queryByTestId('notice-form')).toBeNull());
  });

  it('refuses an incomplete notice in the form, and shows the server’s word under its field', async () => {
    const api = fakeApi({
      [LIST]: page([]),
      'POST /api/notices': refused(400, 'validation', 'At most 120 characters', {
        issues: [{ path: 'texts.cs.title', message: 'At most 120 characters' }],
      }),
    });
    const { user } = await renderPage(['E', 'E:notice.publish']);
    await user.click(await screen.findByTestId('notice-publish'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Publish notice' }));
    expect((await within(dialog).findAllByText('This field is required')).length).toBeGreaterThan(0);
    expect(api.callsTo('POST /api/notices')).toHaveLength(0);

    await fill(user, within(dialog).getByTestId('notice-form-version'), '2.6.0');
    for (const lang of LANGUAGES) {
      const group = within(dialog).getByTestId(`notice-form-${lang}`);
      await fill(user, within(group).getByLabelText('Title'), `Title ${lang}`);
      await fill(user, within(group).getByLabelText('Text'), `Body ${lang}`);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Publish notice' }));
    const cs = within(dialog).getByTestId('notice-form-cs');
    expect(await within(cs).findByText('At most 120 characters')).toBeInTheDocument();
  });
});
