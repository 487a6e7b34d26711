import type { ActivationStatus, RunningStatus } from './devices.js';
import type { Lang } from './languages.js';

/** Most rows one device list export may hold; a larger selection is refused with a message to narrow it. */
export const DEVICE_EXPORT_MAX_ROWS = 50_000;

type Names = Readonly<Record<Lang, string>>;

/** Columns of the exported device list with their headers, in sheet order. */
export const DEVICE_EXPORT_COLUMNS = [
  { key: 'sn', names: { zh: '序列号', en: 'Serial number', cs: 'Sériové číslo', de: 'Seriennummer' } },
  { key: 'kind', names: { zh: '类型', en: 'Type', cs: 'Typ', de: 'Typ' } },
  { key: 'model', names: { zh: '型号', en: 'Model', cs: 'Model', de: 'Modell' } },
  { key: 'plant', names: { zh: '所属电站', en: 'Plant', cs: 'Elektrárna', de: 'Anlage' } },
  { key: 'status', names: { zh: '运行状态', en: 'Running status', cs: 'Provozní stav', de: 'Betriebszustand' } },
  {
    key: 'activation',
    names: { zh: '激活状态', en: 'Activation status', cs: 'Stav aktivace', de: 'Aktivierungsstatus' },
  },
  { key: 'importTime', names: { zh: '导入时间', en: 'Import time', cs: 'Čas importu', de: 'Importzeit' } },
  { key: 'lastSeen', names: { zh: '最后在线', en: 'Last seen', cs: 'Naposledy online', de: 'Zuletzt online' } },
  { key: 'timeZone', names: { zh: '时区', en: 'Time zone', cs: 'Časové pásmo', de: 'Zeitzone' } },
] as const satisfies readonly { key: string; names: Names }[];
export type DeviceExportColumn = (typeof DEVICE_EXPORT_COLUMNS)[number]['key'];

export const RUNNING_STATUS_LABELS: { readonly [S in RunningStatus]: Names } = {
  online: { zh: '在线', en: 'Online', cs: 'Online', de: 'Online' },
  offline: { zh: '离线', en: 'Offline', cs: 'Offline', de: 'Offline' },
  alarm: { zh: '告警', en: 'Alarm', cs: 'Alarm', de: 'Alarm' },
};

export const ACTIVATION_STATUS_LABELS: { readonly [S in ActivationStatus]: Names } = {
  awaiting: { zh: '待激活', en: 'Awaiting activation', cs: 'Čeká na aktivaci', de: 'Wartet auf Aktivierung' },
  activated: { zh: '已激活', en: 'Activated', cs: 'Aktivováno', de: 'Aktiviert' },
};

/** Sheet name of the export in each language. */
export const DEVICE_EXPORT_SHEET: Names = { zh: '设备列表', en: 'Devices', cs: 'Zařízení', de: 'Geräte' };
