/** Messages of the work orders (R1.2, shell entry); spread into MESSAGES. */
export const WORK_ORDER_MESSAGES = {
  'workOrder.notFound': {
    zh: '找不到该工单',
    en: 'Cannot find this work order',
    cs: 'Tento pracovní příkaz nelze najít',
    de: 'Dieser Arbeitsauftrag wurde nicht gefunden',
  },
  'workOrder.transitionNotAllowed': {
    zh: '工单当前状态下不能执行此操作',
    en: 'This step is not possible in the work order’s current state',
    cs: 'Tento krok není v aktuálním stavu pracovního příkazu možný',
    de: 'Dieser Schritt ist im aktuellen Zustand des Arbeitsauftrags nicht möglich',
  },
  'workOrder.notAssignee': {
    zh: '只有处理人或其上级可以执行此操作',
    en: 'Only the assignee or their superiors can take this step',
    cs: 'Tento krok může provést jen řešitel nebo jeho nadřízení',
    de: 'Nur der Bearbeiter oder seine Vorgesetzten können diesen Schritt ausführen',
  },
  'workOrder.assigneeOutOfScope': {
    zh: '处理人必须是您自己或您的下级',
    en: 'The assignee must be you or one of your subordinates',
    cs: 'Řešitelem musíte být vy nebo někdo z vašich podřízených',
    de: 'Der Bearbeiter muss Sie selbst oder einer Ihrer Untergebenen sein',
  },
  'workOrder.plantOutOfScope': {
    zh: '找不到该电站',
    en: 'Cannot find this plant',
    cs: 'Tuto elektrárnu nelze najít',
    de: 'Diese Anlage wurde nicht gefunden',
  },
  'workOrder.deviceOutOfScope': {
    zh: '找不到该设备',
    en: 'Cannot find this device',
    cs: 'Toto zařízení nelze najít',
    de: 'Dieses Gerät wurde nicht gefunden',
  },
  'workOrder.alarmOutOfScope': {
    zh: '找不到该告警',
    en: 'Cannot find this alarm',
    cs: 'Tento alarm nelze najít',
    de: 'Dieser Alarm wurde nicht gefunden',
  },
  'workOrder.mismatch': {
    zh: '设备不属于所选电站，或与告警不一致',
    en: 'The device does not belong to the chosen plant or does not match the alarm',
    cs: 'Zařízení nepatří k vybrané elektrárně nebo neodpovídá alarmu',
    de: 'Das Gerät gehört nicht zur gewählten Anlage oder passt nicht zum Alarm',
  },
  'workOrder.imageCount': {
    zh: '每个工单最多 {max} 张图片',
    en: 'A work order can have at most {max} images',
    cs: 'Pracovní příkaz může mít nejvýše {max} obrázků',
    de: 'Ein Arbeitsauftrag kann höchstens {max} Bilder haben',
  },
  'workOrder.imageNotFound': {
    zh: '找不到该图片',
    en: 'Cannot find this image',
    cs: 'Tento obrázek nelze najít',
    de: 'Dieses Bild wurde nicht gefunden',
  },
  'workOrder.uploaded': { zh: '上传成功', en: 'Uploaded', cs: 'Nahráno', de: 'Hochgeladen' },
} as const;
