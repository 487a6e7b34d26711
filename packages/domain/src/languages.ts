/** The four languages every user-facing string exists in. */
export const LANGUAGES = ['zh', 'en', 'cs', 'de'] as const;
export type Lang = (typeof LANGUAGES)[number];

const ALIASES: Record<string, Lang> = { czech: 'cs', german: 'de', chinese: 'zh', english: 'en' };

/** Normalises a language tag or alias ("cs-CZ", "czech", "zh-CN") to a Lang, or undefined. */
export function normaliseLang(tag: string | null | undefined): Lang | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase();
  if (Object.hasOwn(ALIASES, lower)) return ALIASES[lower];
  const base = lower.split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Lang) : undefined;
}

/** Picks the best language from an Accept-Language header; English when nothing matches. */
export function langFromAcceptLanguage(header: string | undefined): Lang {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag, q } of ranked) {
    if (q <= 0) continue; // q=0 means "not acceptable"
    const lang = normaliseLang(tag);
    if (lang) return lang;
  }
  return 'en';
}

/** R1.4: a stored choice wins; otherwise zh only for a zh-CN browser, else en. */
export function defaultLang(stored: string | null | undefined, browserLanguage: string | undefined): Lang {
  const fromStore = normaliseLang(stored);
  if (fromStore) return fromStore;
  return (browserLanguage ?? '').toLowerCase() === 'zh-cn' ? 'zh' : 'en';
}
