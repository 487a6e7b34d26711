/** Messages of the in-app messages API (messages-inbox.ts), spread into MESSAGES. */
export const INBOX_MESSAGES = {
  'inbox.ids': {
    zh: '请选择 1 到 200 条消息',
    en: 'Choose 1 to 200 messages',
    cs: 'Vyberte 1 až 200 zpráv',
    de: 'Wählen Sie 1 bis 200 Nachrichten',
  },
  'inbox.range': {
    zh: '开始时间不能晚于结束时间',
    en: 'The start must not be after the end',
    cs: 'Začátek nesmí být po konci',
    de: 'Der Beginn darf nicht nach dem Ende liegen',
  },
  'inbox.time': {
    zh: '时间格式无效',
    en: 'Not a valid time',
    cs: 'Neplatný čas',
    de: 'Keine gültige Zeit',
  },
} as const;
