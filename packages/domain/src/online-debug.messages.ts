/** Messages of online debugging (online-debug.ts), spread into MESSAGES. */
export const ONLINE_DEBUG_MESSAGES = {
  'onlineDebug.notConnected': {
    zh: '该设备当前未通过 OSIM 连接，无法读取数据',
    en: 'This device is not connected over OSIM right now, so it cannot be read',
    cs: 'Toto zařízení není právě připojeno přes OSIM, nelze z něj číst',
    de: 'Dieses Gerät ist derzeit nicht über OSIM verbunden und kann nicht gelesen werden',
  },
  'onlineDebug.notQuery': {
    zh: '该命令不是此 PCU 版本的查询命令',
    en: 'This command is not a query command of the device’s PCU version',
    cs: 'Tento příkaz není dotazem PCU verze zařízení',
    de: 'Dieser Befehl ist kein Abfragebefehl der PCU-Version des Geräts',
  },
  'onlineDebug.registersRequired': {
    zh: '请至少输入一个寄存器',
    en: 'Enter at least one register',
    cs: 'Zadejte alespoň jeden registr',
    de: 'Geben Sie mindestens ein Register ein',
  },
  'onlineDebug.frameRefused': {
    zh: '无法构建完整的帧：{detail}',
    en: 'No whole frame can be built: {detail}',
    cs: 'Nelze sestavit celý rámec: {detail}',
    de: 'Es lässt sich kein vollständiger Rahmen bilden: {detail}',
  },
} as const;
