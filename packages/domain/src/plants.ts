import { option, type OptionValue } from './telemetry/labels.js';

/** R3.2 plant types. */
export const PLANT_TYPES = [
  option(1, 'household', ['户用屋顶', 'Household roof', 'Střecha domácnosti', 'Hausdach']),
  option(2, 'commercial', ['小型工商业', 'Small commercial & industrial', 'Malý podnik a průmysl', 'Kleingewerbe']),
  option(3, 'microGrid', ['微电网', 'Micro-grid', 'Mikrosíť', 'Microgrid']),
] as const;
export type PlantType = OptionValue<typeof PLANT_TYPES>;

/** How the plant is connected: all energy exported, own use with surplus export, or no grid at all. */
export const ON_GRID_TYPES = [
  option(1, 'fullExport', ['全额上网', 'Full feed-in', 'Plný přetok do sítě', 'Volleinspeisung']),
  option(2, 'selfUseSurplus', [
    '自发自用余电上网',
    'Self-use, surplus feed-in',
    'Vlastní spotřeba s přetokem',
    'Eigenverbrauch mit Überschusseinspeisung',
  ]),
  option(3, 'offGrid', ['离网', 'Off-grid', 'Ostrovní systém', 'Inselnetz']),
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
  option(1, 'sharp', ['尖', 'Sharp (tip)', 'Špička (nejvyšší)', 'Höchstlast']),
  option(2, 'peak', ['峰', 'Peak', 'Špička', 'Spitze']),
  option(3, 'flat', ['平', 'Flat', 'Standard', 'Normal']),
  option(4, 'valley', ['谷', 'Valley', 'Údolí', 'Tal']),
] as const;
export type TariffType = OptionValue<typeof TARIFF_TYPES>;

/** R9.8: time zones offered as UTC-11 … UTC+11 (UTC+0 included). */
export const UTC_OFFSET_HOURS = Array.from({ length: 23 }, (_, i) => i - 11);

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
