import type { Lang } from '../languages.js';
import cs from './locales/cs.js';
import de from './locales/de.js';
import en from './locales/en.js';
import zh from './locales/zh.js';

/**
 * The catalogue of the texts the server sends and the forms show (refusals, validation messages, notices): one
 * i18next JSON file per namespace and language under `locales/<lang>/<namespace>.json` (decision 0031). Keys are
 * nested by their dots, placeholders are `{{name}}`, and a text that counts has i18next's plural forms (`key_one`,
 * `key_few`, `key_many`, `key_other`, as the language needs), chosen by the `count` parameter. The JSON files are
 * imported as modules, so nothing is read from disk at run time and a bundler keeps only the files a page imports.
 */

/** A namespace's texts: objects nested by the key's dots, whose leaves are texts. */
export interface TextTree {
  readonly [key: string]: string | TextTree;
}

export type Namespace = keyof typeof en;

/** Every language has every namespace (the compiler checks the files exist; catalogue.test.ts checks their keys). */
export const CATALOGUE: Readonly<Record<Lang, Readonly<Record<Namespace, TextTree>>>> = { zh, en, cs, de };

export const NAMESPACES = Object.keys(en) as Namespace[];

type PluralSuffix = '_zero' | '_one' | '_two' | '_few' | '_many' | '_other';
type PluralBase<K extends string> = K extends `${infer Base}${PluralSuffix}` ? Base : K;
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${PluralBase<K>}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A message key: the dotted path of a text in the English files, without its plural suffix. */
export type MessageKey = { [N in Namespace]: Leaves<(typeof en)[N]> }[Namespace];

/**
 * Reads a catalogue text in one language: on the server `(key, params) => translate(key, lang, params)`, on the web
 * the UI's `message`. Domain functions that compose a sentence from several texts take one, so they carry no texts.
 */
export type Translate = (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string;

/** A namespace's texts as dotted keys (plural forms keep their suffix). */
export function flattenTexts(tree: TextTree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(prefix + key, value);
    else flattenTexts(value, `${prefix}${key}.`, into);
  }
  return into;
}
