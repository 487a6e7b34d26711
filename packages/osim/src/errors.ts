// Typed errors of the OSIM codec. The codec never throws: every operation returns an OsimResult.
import type { OsimLang } from './layout.js';

export type OsimError =
  | { readonly code: 'BAD_START'; readonly actual: string }
  | { readonly code: 'BAD_END'; readonly actual: number }
  | { readonly code: 'BAD_CHECKSUM'; readonly expected: number; readonly actual: number }
  | { readonly code: 'LENGTH_MISMATCH'; readonly declared: number; readonly actual: number }
  | { readonly code: 'TRUNCATED'; readonly needed: number; readonly actual: number }
  | { readonly code: 'UNKNOWN_COMMAND'; readonly command: string; readonly version: number }
  | { readonly code: 'FIELD_OVERRUN'; readonly field: string; readonly needed: number; readonly available: number }
  | { readonly code: 'MISSING_FIELD'; readonly field: string }
  | { readonly code: 'OUT_OF_RANGE'; readonly field: string; readonly value: string; readonly range: string }
  | { readonly code: 'INVALID_VALUE'; readonly field: string; readonly value: string }
  | { readonly code: 'NOT_SUPPORTED'; readonly command: string; readonly version: number };

export type OsimErrorCode = OsimError['code'];

export type OsimResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: OsimError };

export const ok = <T>(value: T): OsimResult<T> => ({ ok: true, value });
export const fail = <T = never>(error: OsimError): OsimResult<T> => ({ ok: false, error });

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

type Texts = Readonly<Record<OsimLang, (e: never) => string>>;

const TEXTS: {
  readonly [C in OsimErrorCode]: Readonly<Record<OsimLang, (e: Extract<OsimError, { code: C }>) => string>>;
} = {
  BAD_START: {
    zh: (e) => `帧头错误：应为 FE 55，实际为 ${e.actual}`,
    en: (e) => `Bad frame start: expected FE 55, got ${e.actual}`,
    cs: (e) => `Chybný začátek rámce: očekáváno FE 55, přijato ${e.actual}`,
    de: (e) => `Falscher Rahmenanfang: erwartet FE 55, erhalten ${e.actual}`,
  },
  BAD_END: {
    zh: (e) => `帧尾错误：应为 AE，实际为 ${hex2(e.actual)}`,
    en: (e) => `Bad end byte: expected AE, got ${hex2(e.actual)}`,
    cs: (e) => `Chybný koncový bajt: očekáváno AE, přijato ${hex2(e.actual)}`,
    de: (e) => `Falsches Endbyte: erwartet AE, erhalten ${hex2(e.actual)}`,
  },
  BAD_CHECKSUM: {
    zh: (e) => `校验和错误：应为 ${hex2(e.expected)}，实际为 ${hex2(e.actual)}`,
    en: (e) => `Bad checksum: expected ${hex2(e.expected)}, got ${hex2(e.actual)}`,
    cs: (e) => `Chybný kontrolní součet: očekáváno ${hex2(e.expected)}, přijato ${hex2(e.actual)}`,
    de: (e) => `Falsche Prüfsumme: erwartet ${hex2(e.expected)}, erhalten ${hex2(e.actual)}`,
  },
  LENGTH_MISMATCH: {
    zh: (e) => `长度不符：声明 ${e.declared} 字节数据，实际 ${e.actual} 字节`,
    en: (e) => `Length mismatch: ${e.declared} data bytes declared, ${e.actual} present`,
    cs: (e) => `Nesouhlasí délka: deklarováno ${e.declared} bajtů dat, přítomno ${e.actual}`,
    de: (e) => `Längenfehler: ${e.declared} Datenbytes angegeben, ${e.actual} vorhanden`,
  },
  TRUNCATED: {
    zh: (e) => `帧不完整：需要 ${e.needed} 字节，只有 ${e.actual} 字节`,
    en: (e) => `Truncated frame: ${e.needed} bytes needed, ${e.actual} received`,
    cs: (e) => `Neúplný rámec: potřeba ${e.needed} bajtů, přijato ${e.actual}`,
    de: (e) => `Unvollständiger Rahmen: ${e.needed} Bytes nötig, ${e.actual} empfangen`,
  },
  UNKNOWN_COMMAND: {
    zh: (e) => `PCU 版本 ${e.version} 不支持命令 ${e.command}`,
    en: (e) => `Command ${e.command} is unknown for PCU version ${e.version}`,
    cs: (e) => `Příkaz ${e.command} není pro verzi PCU ${e.version} známý`,
    de: (e) => `Befehl ${e.command} ist für PCU-Version ${e.version} unbekannt`,
  },
  FIELD_OVERRUN: {
    zh: (e) => `字段 ${e.field} 超出数据范围：需要 ${e.needed} 字节，剩余 ${e.available} 字节`,
    en: (e) => `Field ${e.field} runs past the data: ${e.needed} bytes needed, ${e.available} left`,
    cs: (e) => `Pole ${e.field} přesahuje data: potřeba ${e.needed} bajtů, zbývá ${e.available}`,
    de: (e) => `Feld ${e.field} reicht über die Daten hinaus: ${e.needed} Bytes nötig, ${e.available} übrig`,
  },
  MISSING_FIELD: {
    zh: (e) => `缺少参数 ${e.field}`,
    en: (e) => `Parameter ${e.field} is missing`,
    cs: (e) => `Chybí parametr ${e.field}`,
    de: (e) => `Parameter ${e.field} fehlt`,
  },
  OUT_OF_RANGE: {
    zh: (e) => `参数 ${e.field} 的值 ${e.value} 超出范围 ${e.range}`,
    en: (e) => `Value ${e.value} of ${e.field} is outside ${e.range}`,
    cs: (e) => `Hodnota ${e.value} parametru ${e.field} je mimo rozsah ${e.range}`,
    de: (e) => `Wert ${e.value} von ${e.field} liegt außerhalb von ${e.range}`,
  },
  INVALID_VALUE: {
    zh: (e) => `参数 ${e.field} 的值 ${e.value} 无效`,
    en: (e) => `Value ${e.value} of ${e.field} is not valid`,
    cs: (e) => `Hodnota ${e.value} parametru ${e.field} není platná`,
    de: (e) => `Wert ${e.value} von ${e.field} ist ungültig`,
  },
  NOT_SUPPORTED: {
    zh: (e) => `PCU 版本 ${e.version} 的命令 ${e.command} 不支持此设置`,
    en: (e) => `Command ${e.command} of PCU version ${e.version} does not support this setting`,
    cs: (e) => `Příkaz ${e.command} verze PCU ${e.version} toto nastavení nepodporuje`,
    de: (e) => `Befehl ${e.command} der PCU-Version ${e.version} unterstützt diese Einstellung nicht`,
  },
};

/** The error as a sentence in the given language. */
export function osimErrorMessage(error: OsimError, lang: OsimLang): string {
  const text = (TEXTS[error.code] as Texts)[lang];
  return text(error as never);
}
