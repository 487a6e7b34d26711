// Its own module: MESSAGES (and so the login page) reads these, and the record pages' words (record-labels.ts) must
// not ride along into the login download.
/** Messages of the record filters, spread into MESSAGES. */
export const RECORD_MESSAGES = {
  'records.range': {
    zh: '开始时间不能晚于结束时间',
    en: 'The start of the time range must not be after its end',
    cs: 'Začátek období nesmí být po jeho konci',
    de: 'Der Beginn des Zeitraums darf nicht nach seinem Ende liegen',
  },
  'records.time': {
    zh: '时间格式无效',
    en: 'Not a valid time',
    cs: 'Neplatný čas',
    de: 'Keine gültige Zeit',
  },
  'records.ip': {
    zh: '请输入有效的 IPv4 或 IPv6 地址',
    en: 'Enter a valid IPv4 or IPv6 address',
    cs: 'Zadejte platnou adresu IPv4 nebo IPv6',
    de: 'Geben Sie eine gültige IPv4- oder IPv6-Adresse ein',
  },
} as const;
