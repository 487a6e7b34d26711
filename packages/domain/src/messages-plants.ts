import type { Lang } from './languages.js';

/** Messages of plants, tariffs and energy saving (spread into MESSAGES; every entry in zh, en, cs and de). */
export const PLANT_MESSAGES = {
  // plants (R8.5)
  'plant.notFound': {
    zh: '找不到该电站',
    en: 'Cannot find this plant',
    cs: 'Tuto elektrárnu nelze najít',
    de: 'Diese Anlage wurde nicht gefunden',
  },
  'plant.typeNotFound': {
    zh: '找不到该类型的电站',
    en: 'Cannot find this type of plant',
    cs: 'Tento typ elektrárny nelze najít',
    de: 'Dieser Anlagentyp wurde nicht gefunden',
  },
  'plant.noData': { zh: '暂无数据', en: 'No data at the moment', cs: 'Zatím žádná data', de: 'Derzeit keine Daten' },
  'plant.ownerOutOfScope': {
    zh: '所属账号必须是您自己或您的下级',
    en: 'The owner must be you or one of your subordinates',
    cs: 'Vlastníkem musíte být vy nebo jeden z vašich podřízených',
    de: 'Der Eigentümer muss Sie selbst oder einer Ihrer Untergebenen sein',
  },
  'plant.affiliatedOutOfScope': {
    zh: '关联账号必须是您自己或您的下级',
    en: 'Affiliated accounts must be you or your subordinates',
    cs: 'Přidružené účty musíte být vy nebo vaši podřízení',
    de: 'Zugeordnete Konten müssen Sie selbst oder Ihre Untergebenen sein',
  },
  'plant.deleteNeedsConfirmation': {
    zh: '该电站仍有 {count} 台设备，请确认删除：设备将恢复为待激活状态',
    en: 'This plant still has {count} devices: confirm the deletion, they will go back to awaiting activation',
    cs: 'Tato elektrárna má stále {count} zařízení: potvrďte smazání, zařízení se vrátí do stavu čekajícího na aktivaci',
    de: 'Diese Anlage hat noch {count} Geräte: Bestätigen Sie das Löschen, sie kehren in den Status „wartet auf Aktivierung“ zurück',
  },
  // tariffs and energy saving (R5.8 tariff period rules)
  'tariff.typeRequired': {
    zh: '请选择电价类型',
    en: 'Select a tariff type',
    cs: 'Vyberte typ tarifu',
    de: 'Wählen Sie einen Tariftyp',
  },
  'tariff.periodRequired': {
    zh: '请设置时段',
    en: 'Set the time period',
    cs: 'Nastavte časové období',
    de: 'Legen Sie den Zeitraum fest',
  },
  'tariff.periodIncomplete': {
    zh: '时段不完整，请同时设置开始和结束时间',
    en: 'The period is incomplete: set both start and end time',
    cs: 'Období není úplné: nastavte začátek i konec',
    de: 'Der Zeitraum ist unvollständig: Legen Sie Beginn und Ende fest',
  },
  'tariff.timeFormat': {
    zh: '时间格式应为 HH:mm',
    en: 'Times must be given as HH:mm',
    cs: 'Čas musí mít tvar HH:mm',
    de: 'Zeiten müssen im Format HH:mm angegeben werden',
  },
  'tariff.priceRequired': {
    zh: '请设置电价',
    en: 'Set the price',
    cs: 'Nastavte cenu',
    de: 'Legen Sie den Preis fest',
  },
  'tariff.startBeforeEnd': {
    zh: '开始时间必须早于结束时间',
    en: 'The start time must be before the end time',
    cs: 'Začátek musí být před koncem',
    de: 'Die Startzeit muss vor der Endzeit liegen',
  },
  'tariff.overlap': {
    zh: '时段不能重叠',
    en: 'Time periods must not overlap',
    cs: 'Časová období se nesmějí překrývat',
    de: 'Zeiträume dürfen sich nicht überschneiden',
  },
  'tariff.firstAtMidnight': {
    zh: '第一个时段必须从 00:00 开始',
    en: 'The first period must begin at 00:00',
    cs: 'První období musí začínat v 00:00',
    de: 'Der erste Zeitraum muss um 00:00 beginnen',
  },
  'tariff.contiguous': {
    zh: '每个时段的开始时间必须比上一时段的结束时间晚 1 分钟',
    en: 'Each period must start 1 minute after the previous one ends',
    cs: 'Každé období musí začínat 1 minutu po konci předchozího',
    de: 'Jeder Zeitraum muss 1 Minute nach dem Ende des vorherigen beginnen',
  },
  'tariff.fullDay': {
    zh: '时段必须覆盖全天 24 小时（至 23:59）',
    en: 'The periods must cover the whole 24 hours (up to 23:59)',
    cs: 'Období musí pokrývat celých 24 hodin (do 23:59)',
    de: 'Die Zeiträume müssen die ganzen 24 Stunden abdecken (bis 23:59)',
  },
  'tariff.tooMany': {
    zh: '最多 10 个时段',
    en: 'At most 10 time periods',
    cs: 'Nejvýše 10 časových období',
    de: 'Höchstens 10 Zeiträume',
  },
  'tariff.effectiveDatePast': {
    zh: '生效日期不能早于电站当地的今天（{today}），历史收益保持不变',
    en: 'The effective date cannot be before today in the plant’s time zone ({today}): past earnings stay as they were',
    cs: 'Datum účinnosti nemůže být před dneškem v časovém pásmu elektrárny ({today}): minulé výnosy zůstávají',
    de: 'Das Gültigkeitsdatum darf nicht vor dem heutigen Tag in der Zeitzone der Anlage liegen ({today}): vergangene Erträge bleiben unverändert',
  },
  'tariff.deleteInEffect': {
    zh: '已生效的电价不能删除，请保存一个新的电价版本',
    en: 'A tariff already in effect cannot be deleted: save a new version instead',
    cs: 'Tarif, který již platí, nelze smazat: uložte místo toho novou verzi',
    de: 'Ein bereits gültiger Tarif kann nicht gelöscht werden: Speichern Sie stattdessen eine neue Version',
  },
  'saving.exists': {
    zh: '该电站已有节能减排配置，请编辑它',
    en: 'This plant already has an energy-saving configuration: edit it',
    cs: 'Tato elektrárna již má nastavení úspor energie: upravte je',
    de: 'Diese Anlage hat bereits eine Energiespar-Konfiguration: Bearbeiten Sie sie',
  },
  'saving.notConfigured': {
    zh: '该电站没有节能减排配置，正在使用默认系数',
    en: 'This plant has no energy-saving configuration: the default factors apply',
    cs: 'Tato elektrárna nemá nastavení úspor energie: platí výchozí koeficienty',
    de: 'Diese Anlage hat keine Energiespar-Konfiguration: Es gelten die Standardfaktoren',
  },
} satisfies Record<string, Record<Lang, string>>;
