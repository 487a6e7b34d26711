import type { MessageKey } from '../i18n/catalogue.js';
import type { IrradianceSource } from './performance.js';

// The performance views' words shared by the server's sheets and the pages (texts: performanceLabels namespace).

/** How a period's irradiance source is named; `mixed` for several, `none` for a period without irradiance. */
export const IRRADIANCE_SOURCE_LABELS = {
  openMeteo: 'performanceLabel.source.openMeteo',
  demoSky: 'performanceLabel.source.demoSky',
  clearSky: 'performanceLabel.source.clearSky',
  mixed: 'performanceLabel.source.mixed',
  none: 'performanceLabel.source.none',
} as const satisfies Readonly<Record<IrradianceSource | 'mixed' | 'none', MessageKey>>;

export const PLANT_RANKING_EXPORT_COLUMNS = [
  { key: 'plant', label: 'performanceLabel.column.plant' },
  { key: 'kwp', label: 'performanceLabel.column.kwp' },
  { key: 'actualKwh', label: 'performanceLabel.column.actualKwh' },
  { key: 'expectedKwh', label: 'performanceLabel.column.expectedKwh' },
  { key: 'pr', label: 'performanceLabel.column.pr' },
  { key: 'specificYield', label: 'performanceLabel.column.specificYield' },
  { key: 'source', label: 'performanceLabel.column.source' },
  { key: 'activeAlarms', label: 'performanceLabel.column.activeAlarms' },
] as const satisfies readonly { key: string; label: MessageKey }[];

export const DEVICE_RANKING_EXPORT_COLUMNS = [
  { key: 'sn', label: 'performanceLabel.column.sn' },
  { key: 'model', label: 'performanceLabel.column.model' },
  { key: 'plant', label: 'performanceLabel.column.plant' },
  { key: 'actualKwh', label: 'performanceLabel.column.actualKwh' },
  { key: 'siblingMedianKwh', label: 'performanceLabel.column.siblingMedianKwh' },
  { key: 'siblingRatio', label: 'performanceLabel.column.siblingRatio' },
  { key: 'siblings', label: 'performanceLabel.column.siblings' },
  { key: 'activeAlarms', label: 'performanceLabel.column.activeAlarms' },
] as const satisfies readonly { key: string; label: MessageKey }[];

export const PERFORMANCE_EXPORT_SHEETS = {
  plants: 'performanceLabel.sheet.plants',
  devices: 'performanceLabel.sheet.devices',
} as const satisfies Readonly<Record<'plants' | 'devices', MessageKey>>;
