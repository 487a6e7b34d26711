import type { Currency, OnGridType, PlantType } from '@voltfleet/domain/plants';
import type { InverterModel, WorkMode } from '@voltfleet/domain/devices';
import { CLIMATE, type MonthlyGhi } from './climate.js';
import type { LoadProfile } from './load.js';
import { flatTariff, type TariffPeriod } from './tariff.js';

/** One demo plant before serial numbers and sizes are derived. */
export interface DemoPlantSeed {
  id: string;
  name: string;
  type: PlantType;
  latitude: number;
  longitude: number;
  timeZone: string;
  azimuthDeg: number;
  inclinationDeg: number;
  /** The place's climate (climate.ts). */
  climate: MonthlyGhi;
  address: string;
  currency: Currency;
  onGridType: OnGridType;
  constructionDate: string;
  owner: string;
  installer: string;
  load: { profile: LoadProfile; dailyKwh: number };
  tariff: TariffPeriod[];
  grid: { nominalV: number; frequencyHz: number };
  /** One entry per inverter: model and battery size (kWh). */
  inverters: { model: InverterModel; batteryKwh: number }[];
  workMode: WorkMode;
  /** Outdoor storage cabinets (SimPlantConfig.storageCabinet). */
  storageCabinet?: boolean;
}

// A Chinese commercial time-of-use tariff (CNY/kWh): valley at night, sharp around the evening peak.
const CN_COMMERCIAL: TariffPeriod[] = [
  { type: 4, start: '00:00', end: '07:59', price: 0.32 },
  { type: 3, start: '08:00', end: '09:59', price: 0.68 },
  { type: 2, start: '10:00', end: '14:59', price: 1.08 },
  { type: 3, start: '15:00', end: '18:59', price: 0.68 },
  { type: 1, start: '19:00', end: '20:59', price: 1.3 },
  { type: 2, start: '21:00', end: '21:59', price: 1.08 },
  { type: 4, start: '22:00', end: '23:59', price: 0.32 },
];
// Czech two-rate household tariff (CZK/kWh): low rate at night.
const CZ_TWO_RATE: TariffPeriod[] = [
  { type: 4, start: '00:00', end: '05:59', price: 2.9 },
  { type: 3, start: '06:00', end: '19:59', price: 5.1 },
  { type: 2, start: '20:00', end: '21:59', price: 5.6 },
  { type: 4, start: '22:00', end: '23:59', price: 2.9 },
];
const EU_GRID = { nominalV: 230, frequencyHz: 50 };
const CN_GRID = { nominalV: 220, frequencyHz: 50 };

export const DEMO_PLANTS: DemoPlantSeed[] = [
  {
    id: 'cn-suzhou-ci',
    name: '苏州工业园区储能电站',
    type: 2,
    latitude: 31.299,
    longitude: 120.5853,
    timeZone: 'Asia/Shanghai',
    azimuthDeg: 180,
    inclinationDeg: 20,
    climate: CLIMATE.suzhou.ghi,
    address: '江苏省苏州市工业园区星湖街328号',
    currency: 'CNY',
    onGridType: 2,
    constructionDate: '2022-09-15',
    owner: 'owner_suzhou_gy',
    installer: 'installer_suzhou',
    load: { profile: 'commercial', dailyKwh: 150 },
    tariff: CN_COMMERCIAL,
    grid: CN_GRID,
    inverters: [
      { model: '10K', batteryKwh: 20 },
      { model: '10K', batteryKwh: 20 },
      { model: '10K', batteryKwh: 20 },
    ],
    workMode: 4,
    storageCabinet: true,
  },
  {
    id: 'cn-shenzhen-home',
    name: '深圳南山屋顶',
    type: 1,
    latitude: 22.5333,
    longitude: 113.9304,
    timeZone: 'Asia/Shanghai',
    azimuthDeg: 180,
    inclinationDeg: 22,
    climate: CLIMATE.shenzhen.ghi,
    address: '广东省深圳市南山区科技园南路16号',
    currency: 'CNY',
    onGridType: 2,
    constructionDate: '2023-05-20',
    owner: 'owner_shenzhen_li',
    installer: 'installer_shenzhen',
    load: { profile: 'household', dailyKwh: 14 },
    tariff: flatTariff(0.68),
    grid: CN_GRID,
    inverters: [{ model: '6K', batteryKwh: 10 }],
    workMode: 1,
  },
  {
    id: 'cn-qiandao-mg',
    name: '千岛湖微电网',
    type: 3,
    latitude: 29.605,
    longitude: 119.042,
    timeZone: 'Asia/Shanghai',
    azimuthDeg: 180,
    inclinationDeg: 25,
    climate: CLIMATE.qiandaohu.ghi,
    address: '浙江省杭州市淳安县千岛湖镇环湖北路',
    currency: 'CNY',
    onGridType: 3,
    constructionDate: '2021-11-02',
    owner: 'owner_qiandao',
    installer: 'installer_suzhou',
    load: { profile: 'microGrid', dailyKwh: 40 },
    tariff: flatTariff(0.6),
    grid: CN_GRID,
    inverters: [
      { model: '10K', batteryKwh: 30 },
      { model: '10K', batteryKwh: 30 },
    ],
    workMode: 3,
    storageCabinet: true,
  },
  {
    id: 'cz-praha-home',
    name: 'Praha_Vinohrady_Střecha',
    type: 1,
    latitude: 50.0755,
    longitude: 14.4378,
    timeZone: 'Europe/Prague',
    azimuthDeg: 180,
    inclinationDeg: 35,
    climate: CLIMATE.praha.ghi,
    address: 'Korunní 810/104, 101 00 Praha 10',
    currency: 'CZK',
    onGridType: 2,
    constructionDate: '2023-04-18',
    owner: 'owner_praha_novak',
    installer: 'installer_praha',
    load: { profile: 'household', dailyKwh: 12 },
    tariff: CZ_TWO_RATE,
    grid: EU_GRID,
    inverters: [{ model: '10K', batteryKwh: 10 }],
    workMode: 1,
  },
  {
    id: 'cz-brno-ci',
    name: 'Brno_Slatina_Sklad',
    type: 2,
    latitude: 49.17,
    longitude: 16.69,
    timeZone: 'Europe/Prague',
    azimuthDeg: 170,
    inclinationDeg: 15,
    climate: CLIMATE.brno.ghi,
    address: 'Tuřanka 115, 627 00 Brno',
    currency: 'CZK',
    onGridType: 2,
    constructionDate: '2022-06-01',
    owner: 'owner_brno_sklad',
    installer: 'installer_praha',
    load: { profile: 'commercial', dailyKwh: 90 },
    tariff: flatTariff(4.2),
    grid: EU_GRID,
    inverters: [
      { model: '10K', batteryKwh: 15 },
      { model: '10K', batteryKwh: 15 },
    ],
    workMode: 1,
  },
  {
    id: 'de-muenchen-home',
    name: 'München_Schwabing_Dach',
    type: 1,
    latitude: 48.1642,
    longitude: 11.585,
    timeZone: 'Europe/Berlin',
    azimuthDeg: 200,
    inclinationDeg: 30,
    climate: CLIMATE.muenchen.ghi,
    address: 'Leopoldstraße 77, 80802 München',
    currency: 'EUR',
    onGridType: 2,
    constructionDate: '2022-08-09',
    owner: 'owner_muenchen_huber',
    installer: 'installer_bayern',
    load: { profile: 'household', dailyKwh: 11 },
    tariff: flatTariff(0.35),
    grid: EU_GRID,
    inverters: [{ model: '6K', batteryKwh: 10 }],
    workMode: 1,
  },
];
