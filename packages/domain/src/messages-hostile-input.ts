/** Messages of the shared hostile-input rule (hostile-input.ts) and the audit trail; zh, en, cs and de. */
export const HOSTILE_INPUT_MESSAGES = {
  'validation.nulCharacter': {
    zh: '文本中不能包含空字符（U+0000）',
    en: 'Text must not contain the NUL character (U+0000)',
    cs: 'Text nesmí obsahovat znak NUL (U+0000)',
    de: 'Der Text darf kein NUL-Zeichen (U+0000) enthalten',
  },
  'validation.loneSurrogate': {
    zh: '文本包含无效的 Unicode 字符（孤立代理项）',
    en: 'Text contains an invalid Unicode character (a lone surrogate)',
    cs: 'Text obsahuje neplatný znak Unicode (osamocenou náhradu)',
    de: 'Der Text enthält ein ungültiges Unicode-Zeichen (ein einzelnes Surrogat)',
  },
  'validation.numberRange': {
    zh: '数值必须是有限数，绝对值为 0 或在 1e-30 与 1e15 之间',
    en: 'Numbers must be finite, and 0 or between 1e-30 and 1e15 in size',
    cs: 'Čísla musí být konečná a rovna 0 nebo velikostí mezi 1e-30 a 1e15',
    de: 'Zahlen müssen endlich sein und 0 oder betragsmäßig zwischen 1e-30 und 1e15 liegen',
  },
  'validation.tooDeep': {
    zh: '数据嵌套层级过深',
    en: 'The data is nested too deeply',
    cs: 'Data jsou příliš hluboce vnořená',
    de: 'Die Daten sind zu tief verschachtelt',
  },
  'error.auditUnavailable': {
    zh: '暂时无法记录此操作，未做任何更改，请稍后重试',
    en: 'This operation cannot be recorded right now, so nothing was changed; please try again later',
    cs: 'Tuto operaci teď nelze zaznamenat, proto se nic nezměnilo; zkuste to prosím později',
    de: 'Dieser Vorgang kann gerade nicht protokolliert werden, daher wurde nichts geändert; bitte später erneut versuchen',
  },
} satisfies Record<string, Record<'zh' | 'en' | 'cs' | 'de', string>>;
