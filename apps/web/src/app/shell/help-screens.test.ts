import { describe, expect, it } from 'vitest';
import { ALARM_CATALOGUE } from '@voltfleet/domain/alarms';
import { ALL_PERMISSION_CODES, permittedRoutes } from '@voltfleet/domain/permissions';
import { LANGUAGES, translate, translator, type Lang } from '@voltfleet/domain/i18n';
import { DETAIL_ROUTES, PAGE_REGISTRY } from '../page-registry';
import { NOTICES_PATH, PERSONAL_CENTER_PATH, registeredRoutes } from '../routes';
import { matchingFaults } from './help-fault-search';
import { HELP_PARTS, HELP_SCREENS, helpScreenFor } from './help-screens';
import { TEXTS } from '@/test/texts';

const cs = TEXTS.cs;
const de = TEXTS.de;
const en = TEXTS.en;
const zh = TEXTS.zh;

const LOCALES: Record<Lang, unknown> = { zh, en, cs, de };

/** The text at "a.b.c" of a language file, or undefined. */
function textAt(lang: Lang, key: string): unknown {
  let node: unknown = LOCALES[lang];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

// Every path the app routes to inside or beside the shell: the registry's pages and detail pages, every page of the
// permission table (also those not built yet), the shell's own pages and /403. The shell's page loaders are checked
// in help-drawer.test.tsx: shell-layout needs the DOM project.
const everyGrant = registeredRoutes(ALL_PERMISSION_CODES, PAGE_REGISTRY, DETAIL_ROUTES);
const routedPaths = [
  ...new Set([
    ...everyGrant.flatMap((route) => [route.fullPath, ...(route.detailPath ? [route.detailPath] : [])]),
    ...permittedRoutes(new Set(ALL_PERMISSION_CODES)).map((route) => route.fullPath),
    PERSONAL_CENTER_PATH,
    NOTICES_PATH,
    '/403',
  ]),
].map((path) => path.replace(/:\w+/g, '42'));

describe('help for every routed screen', () => {
  it('covers the whole registry', () => {
    expect(routedPaths.length).toBeGreaterThanOrEqual(Object.keys(PAGE_REGISTRY).length + 5);
  });

  it.each(routedPaths)('%s has a help screen', (path) => {
    expect(helpScreenFor(path)).toBeDefined();
  });

  it.each(routedPaths.flatMap((path) => LANGUAGES.map((lang) => [path, lang] as const)))(
    '%s has its help written in %s',
    (path, lang) => {
      const screen = helpScreenFor(path);
      const keys = ['title', ...HELP_PARTS].map((part) => `help.screens.${screen}.${part}`);
      const missing = keys.filter((key) => {
        const text = textAt(lang, key);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(missing).toEqual([]);
    },
  );

  it.each(HELP_SCREENS.flatMap((screen) => (['zh', 'cs', 'de'] as const).map((lang) => [screen, lang] as const)))(
    '%s is translated into %s, not copied from English',
    (screen, lang) => {
      const same = HELP_PARTS.filter(
        (part) => textAt(lang, `help.screens.${screen}.${part}`) === textAt('en', `help.screens.${screen}.${part}`),
      );
      expect(same).toEqual([]);
    },
  );

  it('maps pages, detail pages and shell pages to their own screens', () => {
    expect(helpScreenFor('/plantCenter/plantList')).toBe('plantList');
    expect(helpScreenFor('/plantCenter/plantList/7')).toBe('plantDetail');
    expect(helpScreenFor('/deviceCenter/deviceList/7/')).toBe('deviceDetail');
    expect(helpScreenFor('/alarmCenter/alarmOverView')).toBe('alarmOverView');
    expect(helpScreenFor('/userCenter/dataSelect')).toBe('dataSelect');
    expect(helpScreenFor('/workOrders/12')).toBe('workOrders');
    expect(helpScreenFor('/alarmCenter/messageManage')).toBe('messages');
    expect(helpScreenFor('/nowhere')).toBeUndefined();
    expect(helpScreenFor('/plantCenter/unknownPage')).toBeUndefined();
  });
});

describe('fault search', () => {
  const [first] = ALARM_CATALOGUE;
  if (!first) throw new Error('the catalogue is empty');

  it('lists the whole catalogue without a query', () => {
    expect(matchingFaults('  ', 'en', translator('en'))).toHaveLength(ALARM_CATALOGUE.length);
  });

  it.each(LANGUAGES)('finds an entry by code and by its own words in %s', (lang) => {
    expect(matchingFaults(first.code, lang, translator(lang)).map((entry) => entry.code)).toContain(first.code);
    expect(matchingFaults(translate(first.name, lang), lang, translator(lang)).map((entry) => entry.code)).toContain(
      first.code,
    );
    expect(matchingFaults('no fault reads like this', lang, translator(lang))).toEqual([]);
  });
});
