import type { Lang } from './languages.js';

/** Messages of device storage (stock-in, activation, credentials, batch import) and device history (spread into MESSAGES; every entry in zh, en, cs and de). */
export const STORAGE_MESSAGES = {
  // device storage: stock-in, activation, credentials, batch import (R4.1, R8.6)
  'success.stockedIn': { zh: '入库成功', en: 'Put in storage', cs: 'Naskladněno', de: 'Eingelagert' },
  'success.activated': { zh: '激活成功', en: 'Activated', cs: 'Aktivováno', de: 'Aktiviert' },
  'deviceStorage.deactivated': {
    zh: '已解除绑定，设备恢复为待激活',
    en: 'Unbound: the device is awaiting activation again',
    cs: 'Odpojeno: zařízení opět čeká na aktivaci',
    de: 'Getrennt: das Gerät wartet wieder auf Aktivierung',
  },
  'deviceStorage.credentialsRotated': {
    zh: '已生成新的接入凭据，旧凭据已失效',
    en: 'New link credentials issued; the old ones no longer work',
    cs: 'Vydány nové přístupové údaje; staré již neplatí',
    de: 'Neue Zugangsdaten ausgestellt; die alten gelten nicht mehr',
  },
  'deviceStorage.importFinished': {
    zh: '导入完成',
    en: 'Import finished',
    cs: 'Import dokončen',
    de: 'Import abgeschlossen',
  },
  'deviceStorage.deviceNotFound': {
    zh: '找不到该设备',
    en: 'Cannot find this device',
    cs: 'Toto zařízení nelze najít',
    de: 'Dieses Gerät wurde nicht gefunden',
  },
  'deviceStorage.snInStorage': {
    zh: '该序列号已入库',
    en: 'This serial number is already in storage',
    cs: 'Toto sériové číslo je již naskladněno',
    de: 'Diese Seriennummer ist bereits eingelagert',
  },
  'deviceStorage.snOwnedElsewhere': {
    zh: '该序列号已被其他账号持有',
    en: 'This serial number is already owned elsewhere',
    cs: 'Toto sériové číslo již vlastní někdo jiný',
    de: 'Diese Seriennummer gehört bereits jemand anderem',
  },
  'deviceStorage.duplicateInSheet': {
    zh: '该序列号在表格中重复（首次出现在第 {row} 行）',
    en: 'This serial number appears more than once in the sheet (first in row {row})',
    cs: 'Toto sériové číslo je v tabulce vícekrát (poprvé na řádku {row})',
    de: 'Diese Seriennummer kommt in der Tabelle mehrfach vor (zuerst in Zeile {row})',
  },
  'deviceStorage.unknownModel': {
    zh: '该设备类型没有此型号',
    en: 'Unknown model for this device type',
    cs: 'Neznámý model pro tento typ zařízení',
    de: 'Unbekanntes Modell für diesen Gerätetyp',
  },
  'deviceStorage.ownerOutOfScope': {
    zh: '持有账号必须是您自己或您的下级',
    en: 'The holder must be you or one of your subordinates',
    cs: 'Držitelem musíte být vy nebo jeden z vašich podřízených',
    de: 'Der Inhaber muss Sie selbst oder einer Ihrer Untergebenen sein',
  },
  'deviceStorage.alreadyActivated': {
    zh: '该设备已激活',
    en: 'This device is already activated',
    cs: 'Toto zařízení je již aktivováno',
    de: 'Dieses Gerät ist bereits aktiviert',
  },
  'deviceStorage.notActivated': {
    zh: '该设备尚未激活',
    en: 'This device is not activated',
    cs: 'Toto zařízení není aktivováno',
    de: 'Dieses Gerät ist nicht aktiviert',
  },
  'deviceStorage.noLinkCredentials': {
    zh: '电池系统通过逆变器通信，没有接入凭据',
    en: 'A battery system reports through its inverter and has no link credentials',
    cs: 'Bateriový systém komunikuje přes svůj střídač a nemá přístupové údaje',
    de: 'Ein Batteriesystem meldet über seinen Wechselrichter und hat keine Zugangsdaten',
  },
  'deviceStorage.fileMissing': {
    zh: '请选择要导入的 .xlsx 文件',
    en: 'Choose an .xlsx file to import',
    cs: 'Vyberte soubor .xlsx k importu',
    de: 'Wählen Sie eine .xlsx-Datei zum Importieren',
  },
  'deviceStorage.notXlsx': {
    zh: '该文件不是 Excel 工作簿（.xlsx）',
    en: 'The file is not an Excel workbook (.xlsx)',
    cs: 'Soubor není sešit aplikace Excel (.xlsx)',
    de: 'Die Datei ist keine Excel-Arbeitsmappe (.xlsx)',
  },
  'deviceStorage.fileTooLarge': {
    zh: '文件超过 {maxMb} MB',
    en: 'The file is larger than {maxMb} MB',
    cs: 'Soubor je větší než {maxMb} MB',
    de: 'Die Datei ist größer als {maxMb} MB',
  },
  'deviceStorage.tooManyRows': {
    zh: '表格超过 {max} 行设备数据',
    en: 'The sheet has more than {max} device rows',
    cs: 'Tabulka má více než {max} řádků se zařízeními',
    de: 'Die Tabelle hat mehr als {max} Gerätezeilen',
  },
  'deviceStorage.zipBomb': {
    zh: '该文件解压后远大于设备表格应有的大小，已拒绝',
    en: 'The file unpacks to far more data than a device sheet holds and was refused',
    cs: 'Soubor se rozbalí na mnohem více dat, než tabulka zařízení obsahuje, a byl odmítnut',
    de: 'Die Datei entpackt zu weit mehr Daten, als eine Gerätetabelle enthält, und wurde abgelehnt',
  },
  'deviceStorage.notTemplate': {
    zh: '表格的列与模板不一致，请下载模板后填写',
    en: "The sheet does not have the template's columns: download the template and fill it in",
    cs: 'Tabulka nemá sloupce šablony: stáhněte šablonu a vyplňte ji',
    de: 'Die Tabelle hat nicht die Spalten der Vorlage: Laden Sie die Vorlage herunter und füllen Sie sie aus',
  },
  'deviceStorage.emptySheet': {
    zh: '表格中没有设备数据',
    en: 'The sheet has no device rows',
    cs: 'Tabulka neobsahuje žádná zařízení',
    de: 'Die Tabelle enthält keine Gerätezeilen',
  },
  'validation.serialNumber': {
    zh: '序列号为 8 到 32 位大写字母或数字',
    en: 'A serial number is 8 to 32 capital letters and digits',
    cs: 'Sériové číslo má 8 až 32 velkých písmen a číslic',
    de: 'Eine Seriennummer besteht aus 8 bis 32 Großbuchstaben und Ziffern',
  },
  // device history curve and export (R5.9, R8.5)
  'history.noData': {
    zh: '该设备暂无历史数据',
    en: 'No history data available for the device',
    cs: 'Pro zařízení nejsou k dispozici žádná historická data',
    de: 'Für das Gerät sind keine Verlaufsdaten vorhanden',
  },
  'history.noFields': {
    zh: '请至少选择一个参数',
    en: 'Select at least one parameter',
    cs: 'Vyberte alespoň jeden parametr',
    de: 'Wählen Sie mindestens einen Parameter',
  },
  'history.tooManyFields': {
    zh: '最多只能选择 {max} 个参数',
    en: 'At most {max} parameters can be selected',
    cs: 'Lze vybrat nejvýše {max} parametrů',
    de: 'Es können höchstens {max} Parameter ausgewählt werden',
  },
  'history.unknownField': {
    zh: '该参数没有历史曲线：{field}',
    en: 'This parameter has no history curve: {field}',
    cs: 'Tento parametr nemá historickou křivku: {field}',
    de: 'Dieser Parameter hat keine Verlaufskurve: {field}',
  },
  'history.selectDate': {
    zh: '请选择日期',
    en: 'Select a date',
    cs: 'Vyberte datum',
    de: 'Wählen Sie ein Datum',
  },
  'history.startBeforeEnd': {
    zh: '请选择早于结束时间的开始时间',
    en: 'Select the start time before the end time',
    cs: 'Vyberte čas začátku před časem konce',
    de: 'Wählen Sie eine Startzeit vor der Endzeit',
  },
  'history.rangeTooLong': {
    zh: '日期范围最多 {days} 天',
    en: 'The date range can be at most {days} days',
    cs: 'Rozsah dat může mít nejvýše {days} dní',
    de: 'Der Datumsbereich darf höchstens {days} Tage umfassen',
  },
  'history.needsShortRange': {
    zh: '超过 {days} 天的范围只能显示功率和电量参数',
    en: 'Ranges longer than {days} days can show only power and energy parameters',
    cs: 'Rozsahy delší než {days} dní mohou zobrazit pouze parametry výkonu a energie',
    de: 'Bereiche über {days} Tage können nur Leistungs- und Energieparameter zeigen',
  },
  'export.tooManyRows': {
    zh: '导出行数过多（最多 {max} 行），请缩小筛选范围',
    en: 'Too many rows to export (at most {max}), please narrow the filters',
    cs: 'Příliš mnoho řádků k exportu (nejvýše {max}), zužte prosím filtry',
    de: 'Zu viele Zeilen für den Export (höchstens {max}), bitte schränken Sie die Filter ein',
  },
} satisfies Record<string, Record<Lang, string>>;
