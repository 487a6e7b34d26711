/**
 * The live values the device list shows for each device, from its newest reading (catalogue keys). A module of its
 * own so that a list of column ids (table-preferences.ts) names them without the field catalogue entries.
 */
export const DEVICE_LIVE_KEYS = [
  'pvPowerW',
  'loadPowerW',
  'gridPowerW',
  'batPowerW',
  'batSocPct',
  'pvEnergyTodayKwh',
] as const;
export type DeviceLiveKey = (typeof DEVICE_LIVE_KEYS)[number];
