import { option, type OptionValue } from './telemetry/labels.js';

/** R3.2 plant types. */
export const PLANT_TYPES = [
  option(1, 'household', 'option.plantTypes.1'),
  option(2, 'commercial', 'option.plantTypes.2'),
  option(3, 'microGrid', 'option.plantTypes.3'),
] as const;
export type PlantType = OptionValue<typeof PLANT_TYPES>;

/** How the plant is connected: all energy exported, own use with surplus export, or no grid at all. */
export const ON_GRID_TYPES = [
  option(1, 'fullExport', 'option.onGridTypes.1'),
  option(2, 'selfUseSurplus', 'option.onGridTypes.2'),
  option(3, 'offGrid', 'option.onGridTypes.3'),
] as const;
export type OnGridType = OptionValue<typeof ON_GRID_TYPES>;

/** ISO 4217 currencies for tariffs and earnings (the markets of R9.7's calling codes, plus the euro zone). */
export const CURRENCIES = ['CNY', 'EUR', 'USD', 'CZK', 'BRL', 'NGN', 'GBP', 'PLN', 'CHF', 'AUD', 'JPY', 'ZAR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** R4.2 plant status; list filters also offer 'all' and 'online' (normal or alarm). */
export const PLANT_STATUSES = ['normal', 'alarm', 'offline'] as const;
export type PlantStatus = (typeof PLANT_STATUSES)[number];
export const PLANT_STATUS_FILTERS = ['all', 'online', ...PLANT_STATUSES] as const;
export type PlantStatusFilter = (typeof PLANT_STATUS_FILTERS)[number];

/** R3.5 tariff entry types. */
export const TARIFF_TYPES = [
  option(1, 'sharp', 'option.tariffTypes.1'),
  option(2, 'peak', 'option.tariffTypes.2'),
  option(3, 'flat', 'option.tariffTypes.3'),
  option(4, 'valley', 'option.tariffTypes.4'),
] as const;
export type TariffType = OptionValue<typeof TARIFF_TYPES>;

/** R9.8: time zones offered as UTC-11 … UTC+11 (UTC+0 included). */
export const UTC_OFFSET_HOURS = Array.from({ length: 23 }, (_, i) => i - 11);

/**
 * R9.8's offsets as IANA zones that never change with daylight saving, offered in every season beside the named
 * zones. The Etc/GMT names have the POSIX sign, the opposite of the offset: Etc/GMT-10 is UTC+10.
 */
export const FIXED_OFFSET_TIME_ZONES: readonly string[] = UTC_OFFSET_HOURS.map((hours) =>
  hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`,
);

/**
 * A representative IANA zone for each whole-hour offset of R9.8 (standard time) plus the zones of our markets.
 * Plants store an IANA name so DST and local midnight are right; the UTC±n label is derived for display.
 */
export const COMMON_TIME_ZONES = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Phoenix',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Halifax',
  'America/Sao_Paulo',
  'Atlantic/South_Georgia',
  'Atlantic/Azores',
  'UTC',
  'Europe/London',
  'Europe/Amsterdam',
  'Europe/Berlin',
  'Europe/Prague',
  'Africa/Lagos',
  'Africa/Johannesburg',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Noumea',
] as const;

/** Upper limits that keep typos out (a plant of more than 1 GW or 10 GWh is a mistake here). */
export const PLANT_POWER_MAX_KW = 1_000_000;
export const PLANT_CAPACITY_MAX_KWH = 10_000_000;
