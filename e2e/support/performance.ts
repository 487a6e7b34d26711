// What the performance journey (e2e/performance.e2e.ts) reads its pages with: the spans the pages default to, their
// figures as they write them in a language, the answers they draw, screenshots, and texts left untranslated.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, type Locator, type Page } from '@playwright/test';
import { WAIT_MS } from './wait.js';

const DAY_MS = 86_400_000;

export type Lang = 'en' | 'de';

/** A calendar day (YYYY-MM-DD) of a date in the machine's zone, which the browser shares (no timezoneId is set). */
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The fleet page's default span: the last 30 complete days of the browser's calendar. */
export const last30Days = () => {
  const today = localDay(new Date());
  return { from: addDays(today, -30), to: addDays(today, -1) };
};
/** Today in an IANA zone, YYYY-MM-DD. */
export const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format();

/** A ratio as the pages write it (a percentage with one decimal in the UI language: "82.3%", "82,3 %"); "—" as null. */
export const ratioText = (ratio: number | null, lang: Lang) =>
  ratio === null
    ? '—'
    : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(ratio).replace(/\s/g, ' ');
/** A figure as the pages write it: at most two decimals in the UI language; "—" as null. */
export const figureText = (value: number | null, lang: Lang) =>
  value === null ? '—' : new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value);
/** A percentage the page shows, back to a ratio (NaN for "—"). */
export function ratioOf(text: string, lang: Lang): number {
  const digits = text.replace(/[\s%]/g, '');
  const plain = lang === 'de' ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  return plain === '' || plain === '—' ? Number.NaN : Number(plain) / 100;
}
/** The text of an element with the spaces the formats use (no-break, narrow) as plain ones. */
export const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s/g, ' ').trim();

/** The data of the next answer the page receives from an API path, with the query it was asked with. */
export function answerTo<T>(page: Page, pathname: string, query: Record<string, string> = {}) {
  return page
    .waitForResponse(
      (res) => {
        const url = new URL(res.url());
        return (
          url.pathname === pathname &&
          Object.entries(query).every(([k, v]) => url.searchParams.get(k) === v) &&
          res.ok()
        );
      },
      { timeout: WAIT_MS },
    )
    .then(async (res) => ({
      query: new URL(res.url()).searchParams,
      data: ((await res.json()) as { data: T }).data,
    }));
}

/** Screenshots for the person running the journeys: to E2E_SHOTS_DIR if set, else beside the test's results. */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  const file = dir ? path.join(dir, name) : test.info().outputPath(name);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

/** The performance texts in a language: the web app's, and the domain's (the irradiance sources, the exports). */
const texts = async (lang: Lang): Promise<unknown> => {
  const read = async (file: string): Promise<unknown> =>
    JSON.parse(await readFile(new URL(file, import.meta.url), 'utf8'));
  return [
    await read(`../../apps/web/src/locales/${lang}/performance.json`),
    await read(`../../packages/domain/src/i18n/locales/${lang}/performanceLabels.json`),
  ];
};

/** The texts whose English differs from their German (interpolated ones left out): none may show in German. */
function englishOnly(en: unknown, de: unknown, out: string[] = []): string[] {
  if (typeof en === 'string') {
    if (typeof de === 'string' && de !== en && !en.includes('{{') && en.length > 3) out.push(en);
  } else if (en && typeof en === 'object') {
    for (const [key, value] of Object.entries(en)) englishOnly(value, (de as Record<string, unknown>)?.[key], out);
  }
  return out;
}

/**
 * What finds the performance texts in English on a page in German, each as a whole word (the English "Model" is the
 * start of the German "Modell").
 */
export async function untranslatedTexts(): Promise<(page: Page) => Promise<string[]>> {
  const words = englishOnly(await texts('en'), await texts('de')).map((en) => ({
    en,
    word: new RegExp(`(?<![\\p{L}\\p{N}])${en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u'),
  }));
  return async (page) => {
    const text = await page.locator('body').innerText();
    return words.filter(({ word }) => word.test(text)).map(({ en }) => en);
  };
}
