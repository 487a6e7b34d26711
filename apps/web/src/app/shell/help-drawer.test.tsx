import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ALARM_CATALOGUE } from '@voltfleet/domain/alarms';
import { LANGUAGES, translate, type Lang } from '@voltfleet/domain/i18n';
import { i18next } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { HelpButton } from './help-button';
import HelpDrawer from './help-drawer';
import { helpScreenFor } from './help-screens';
import { PAGE_LOADERS } from './shell-layout';

/** The drawer as the shell opens it on `path`, with a stand-in notices page. */
async function openAt(path: string, lang: Lang, onClose = vi.fn()) {
  const rendered = await renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/notices" element={<p>the notice list</p>} />
        <Route path="*" element={<HelpDrawer onClose={onClose} noticesPath="/notices" />} />
      </Routes>
    </MemoryRouter>,
    { lang },
  );
  return { ...rendered, onClose };
}

const text = (key: string) => i18next.t(key);
const first = ALARM_CATALOGUE[0];
if (!first) throw new Error('the catalogue is empty');

describe('help drawer', () => {
  it.each([
    ['/plantCenter/plantList', 'de', 'plantList'],
    ['/deviceCenter/deviceList/42', 'cs', 'deviceDetail'],
    ['/deviceCenter/commandIssue', 'zh', 'commandIssue'],
    ['/personalCenter', 'en', 'personalCenter'],
  ] as const)('on %s shows that screen’s help in %s', async (path, lang, screenKey) => {
    await openAt(path, lang);
    const help = await screen.findByTestId('help-screen');
    expect(help).toHaveAttribute('data-screen', screenKey);
    expect(within(help).getByRole('heading', { level: 4 })).toHaveTextContent(text(`help.screens.${screenKey}.title`));
    expect(help).toHaveTextContent(text(`help.screens.${screenKey}.rules`));
    // Only the alarm screens carry the fault catalogue.
    expect(screen.queryByTestId('help-faults')).toBeNull();
  });

  it.each(LANGUAGES)('lists the catalogue with its handling on the alarm overview in %s', async (lang) => {
    await openAt('/alarmCenter/alarmOverView', lang);
    const faults = await screen.findByTestId('help-faults');
    expect(within(faults).getAllByTestId('help-fault')).toHaveLength(ALARM_CATALOGUE.length);
    const entry = within(faults).getAllByTestId('help-fault')[0];
    expect(entry).toHaveAttribute('data-code', first.code);
    expect(entry).toHaveTextContent(translate(first.name, lang));
    expect(entry).toHaveTextContent(translate(first.handling, lang));
    expect(entry).toHaveTextContent(translate(first.cause, lang));
    const handling = (l: Lang) => translate(first.handling, l);
    const other = LANGUAGES.find((l) => l !== lang && handling(l) !== handling(lang)) ?? 'en';
    if (handling(other) !== handling(lang)) expect(faults).not.toHaveTextContent(handling(other));
  });

  it.each([
    ['/alarmCenter/alarmSearch', 'de'],
    ['/alarmCenter/alarmRules', 'zh'],
  ] as const)('on %s searches the catalogue in %s', async (path, lang) => {
    const { user } = await openAt(path, lang);
    const target = ALARM_CATALOGUE[ALARM_CATALOGUE.length - 1] ?? first;
    await user.type(
      await screen.findByTestId('help-faults-search').then((el) => el.querySelector('input') ?? el),
      target.code,
    );
    await expect.poll(() => screen.getAllByTestId('help-fault').length).toBeLessThan(ALARM_CATALOGUE.length);
    const shown = screen.getAllByTestId('help-fault');
    expect(shown.map((el) => el.dataset.code)).toContain(target.code);
    expect(shown.find((el) => el.dataset.code === target.code)).toHaveTextContent(translate(target.handling, lang));
  });

  it('opens another screen’s help from the index and comes back', async () => {
    const { user } = await openAt('/plantCenter/plantList', 'de');
    await user.click(await screen.findByTestId('help-index-alarmRules'));
    expect(screen.getByTestId('help-screen')).toHaveAttribute('data-screen', 'alarmRules');
    expect(screen.getByTestId('help-faults')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Zurück zur Hilfe für Anlagenliste/ }));
    expect(screen.getByTestId('help-screen')).toHaveAttribute('data-screen', 'plantList');
  });

  it('gives a page without help of its own the general advice and the index', async () => {
    await openAt('/somewhere/else', 'en');
    expect(await screen.findByTestId('help-no-screen')).toHaveTextContent(text('help.noScreen'));
    expect(screen.getByTestId('help-general')).toHaveTextContent(text('help.navigation.text'));
    expect(within(screen.getByTestId('help-index')).getAllByRole('button').length).toBeGreaterThanOrEqual(20);
  });

  it('leads to the list of upgrade notices', async () => {
    const { user, onClose } = await openAt('/plantCenter/plantList', 'de');
    const notices = await screen.findByTestId('help-notices');
    expect(notices).toHaveTextContent('Update-Hinweise');
    await user.click(notices);
    expect(await screen.findByText('the notice list')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });
});

// Every page the shell can load, by its loader key ("personalCenter" is /personalCenter): a page added there
// without help fails here.
describe.each(Object.keys(PAGE_LOADERS))('shell page %s', (key) => {
  it('has a help screen', () => {
    expect(helpScreenFor(`/${key.replace(/:\w+/g, '42')}`)).toBeDefined();
  });
});

describe('help button', () => {
  it.each([
    ['en', 'Help'],
    ['de', 'Hilfe'],
  ] as const)('is named %s and loads the drawer on first press', async (lang, name) => {
    const { user } = await renderWithProviders(
      <MemoryRouter initialEntries={['/userCenter/userList']}>
        <HelpButton />
      </MemoryRouter>,
      { lang },
    );
    expect(screen.queryByTestId('help-dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name }));
    const help = await screen.findByTestId('help-screen');
    expect(help).toHaveAttribute('data-screen', 'userList');
    await user.click(screen.getByTestId('help-close'));
    expect(screen.queryByTestId('help-dialog')).toBeNull();
  });
});
