import type { ActivationStatus, RunningStatus } from './devices.js';
import type { MessageKey } from './i18n/catalogue.js';

/** Most rows one device list export may hold; a larger selection is refused with a message to narrow it. */
export const DEVICE_EXPORT_MAX_ROWS = 50_000;

/** Columns of the exported device list with their headers, in sheet order. */
export const DEVICE_EXPORT_COLUMNS = [
  { key: 'sn', label: 'deviceExport.column.sn' },
  { key: 'kind', label: 'deviceExport.column.kind' },
  { key: 'model', label: 'deviceExport.column.model' },
  { key: 'plant', label: 'deviceExport.column.plant' },
  { key: 'status', label: 'deviceExport.column.status' },
  { key: 'activation', label: 'deviceExport.column.activation' },
  { key: 'importTime', label: 'deviceExport.column.importTime' },
  { key: 'lastSeen', label: 'deviceExport.column.lastSeen' },
  { key: 'timeZone', label: 'deviceExport.column.timeZone' },
] as const satisfies readonly { key: string; label: MessageKey }[];
export type DeviceExportColumn = (typeof DEVICE_EXPORT_COLUMNS)[number]['key'];

export const RUNNING_STATUS_LABELS = {
  online: 'runningStatus.online',
  offline: 'runningStatus.offline',
  alarm: 'runningStatus.alarm',
} as const satisfies { readonly [S in RunningStatus]: MessageKey };

export const ACTIVATION_STATUS_LABELS = {
  awaiting: 'activationStatus.awaiting',
  activated: 'activationStatus.activated',
} as const satisfies { readonly [S in ActivationStatus]: MessageKey };

/** Sheet name of the export in each language. */
export const DEVICE_EXPORT_SHEET: MessageKey = 'deviceExport.sheet';
