import type { Lang } from '../languages.js';

type Entry = Record<Lang, string>;

/**
 * Message keys added by the plant, device and telemetry modules, in the shape of MESSAGES (to be merged into it).
 * `reading.*` keys are the rejection reasons of `validateReading`; `{field}` is the offending key.
 */
export const TELEMETRY_MESSAGES = {
  'validation.serialNumber': {
    zh: '序列号须为 8 到 32 位大写字母或数字',
    en: 'The serial number must be 8 to 32 uppercase letters or digits',
    cs: 'Sériové číslo musí mít 8 až 32 velkých písmen nebo číslic',
    de: 'Die Seriennummer muss aus 8 bis 32 Großbuchstaben oder Ziffern bestehen',
  },
  'validation.timeZone': {
    zh: '请选择有效的时区',
    en: 'Please choose a valid time zone',
    cs: 'Zvolte platné časové pásmo',
    de: 'Bitte wählen Sie eine gültige Zeitzone',
  },
  'validation.socLowerLimit': {
    zh: 'SOC 下限须为 10 到 100 之间的整数',
    en: 'The SOC lower limit must be a whole number from 10 to 100',
    cs: 'Dolní mez SOC musí být celé číslo od 10 do 100',
    de: 'Die SOC-Untergrenze muss eine ganze Zahl von 10 bis 100 sein',
  },
  'reading.notObject': {
    zh: '数据不是 JSON 对象',
    en: 'The reading is not a JSON object',
    cs: 'Měření není objekt JSON',
    de: 'Der Messwert ist kein JSON-Objekt',
  },
  'reading.serialNumber': {
    zh: '序列号缺失或格式错误',
    en: 'The serial number is missing or malformed',
    cs: 'Sériové číslo chybí nebo má chybný formát',
    de: 'Die Seriennummer fehlt oder ist fehlerhaft',
  },
  'reading.timestamp': {
    zh: '时间戳须为整数毫秒（UTC）',
    en: 'The timestamp must be whole milliseconds since the epoch (UTC)',
    cs: 'Časové razítko musí být celé milisekundy od epochy (UTC)',
    de: 'Der Zeitstempel muss ganze Millisekunden seit der Epoche (UTC) sein',
  },
  'reading.tooOld': {
    zh: '数据时间早于 35 天前',
    en: 'The reading is older than 35 days',
    cs: 'Měření je starší než 35 dní',
    de: 'Der Messwert ist älter als 35 Tage',
  },
  'reading.inFuture': {
    zh: '数据时间超前服务器时间 10 分钟以上',
    en: 'The reading is more than 10 minutes in the future',
    cs: 'Měření je více než 10 minut v budoucnosti',
    de: 'Der Messwert liegt mehr als 10 Minuten in der Zukunft',
  },
  'reading.sequence': {
    zh: '序号须为非负整数',
    en: 'The sequence number must be a whole number that is not negative',
    cs: 'Pořadové číslo musí být nezáporné celé číslo',
    de: 'Die Folgenummer muss eine nicht negative ganze Zahl sein',
  },
  'reading.unknownProperty': {
    zh: '不允许的属性：{field}',
    en: 'Property not allowed: {field}',
    cs: 'Nepovolená vlastnost: {field}',
    de: 'Nicht erlaubte Eigenschaft: {field}',
  },
  'reading.noValues': {
    zh: '数据中没有测量值',
    en: 'The reading holds no values',
    cs: 'Měření neobsahuje žádné hodnoty',
    de: 'Der Messwert enthält keine Werte',
  },
  'reading.unknownField': {
    zh: '未知字段：{field}（未知数据请放在 extra 中）',
    en: 'Unknown field: {field} (send unknown data in extra)',
    cs: 'Neznámé pole: {field} (neznámá data posílejte v extra)',
    de: 'Unbekanntes Feld: {field} (unbekannte Daten in extra senden)',
  },
  'reading.notANumber': {
    zh: '{field} 不是有限数值',
    en: '{field} is not a finite number',
    cs: '{field} není konečné číslo',
    de: '{field} ist keine endliche Zahl',
  },
  'reading.notInteger': {
    zh: '{field} 须为整数',
    en: '{field} must be a whole number',
    cs: '{field} musí být celé číslo',
    de: '{field} muss eine ganze Zahl sein',
  },
  'reading.outOfRange': {
    zh: '{field} 超出允许范围',
    en: '{field} is outside its allowed range',
    cs: '{field} je mimo povolený rozsah',
    de: '{field} liegt außerhalb des zulässigen Bereichs',
  },
  'reading.unknownState': {
    zh: '{field} 的状态码未定义',
    en: '{field} has an undefined state code',
    cs: '{field} má nedefinovaný kód stavu',
    de: '{field} hat einen undefinierten Zustandscode',
  },
  'reading.extraInvalid': {
    zh: 'extra 中的 {field} 须为数值或不超过 256 字符的文本',
    en: 'extra.{field} must be a number or a text of at most 256 characters',
    cs: 'extra.{field} musí být číslo nebo text o nejvýše 256 znacích',
    de: 'extra.{field} muss eine Zahl oder ein Text mit höchstens 256 Zeichen sein',
  },
  'reading.extraTooLarge': {
    zh: 'extra 最多 64 个键，键名最多 64 个字符',
    en: 'extra holds at most 64 keys of at most 64 characters',
    cs: 'extra smí obsahovat nejvýše 64 klíčů o nejvýše 64 znacích',
    de: 'extra darf höchstens 64 Schlüssel mit höchstens 64 Zeichen enthalten',
  },
  'reading.extraKnownField': {
    zh: '已知字段 {field} 须放在 values 中',
    en: 'The known field {field} belongs in values, not extra',
    cs: 'Známé pole {field} patří do values, ne do extra',
    de: 'Das bekannte Feld {field} gehört in values, nicht in extra',
  },
} satisfies Record<string, Entry>;

export type TelemetryMessageKey = keyof typeof TELEMETRY_MESSAGES;
