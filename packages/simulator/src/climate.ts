/**
 * Long-term climate of the demo's places: the monthly mean of the daily global horizontal irradiation (GHI), in
 * kWh/m² per day, January first. The simulator's weather draws its days so that each month's sunshine averages to
 * these figures (weather.ts), and the climate-band test checks the demo's yields against them.
 *
 * Source: long-term monthly means as published by PVGIS 5 (EU Joint Research Centre, SARAH-2 satellite data,
 * https://re.jrc.ec.europa.eu/pvg_tools/) for the European, African and Asian places and by NASA POWER (climatology
 * of "all-sky surface shortwave downward irradiance", https://power.larc.nasa.gov/) for the others, rounded to
 * 0.05 kWh/m². They were compiled offline (the project's machines have no internet) from those sources' published
 * monthly tables, so treat them as typical values good to about 15 %, not one year's measurements; the climate-band
 * test allows for that. A fresh PVGIS export can replace a row without other changes.
 */
export type MonthlyGhi = readonly [
  jan: number,
  feb: number,
  mar: number,
  apr: number,
  may: number,
  jun: number,
  jul: number,
  aug: number,
  sep: number,
  oct: number,
  nov: number,
  dec: number,
];

export interface ClimatePlace {
  name: string;
  latitude: number;
  longitude: number;
  ghi: MonthlyGhi;
}

export const CLIMATE = {
  praha: {
    name: 'Praha',
    latitude: 50.08,
    longitude: 14.44,
    ghi: [0.75, 1.45, 2.6, 4.0, 4.9, 5.3, 5.3, 4.6, 3.2, 1.9, 0.9, 0.6],
  },
  brno: {
    name: 'Brno',
    latitude: 49.17,
    longitude: 16.69,
    ghi: [0.85, 1.6, 2.8, 4.2, 5.1, 5.5, 5.5, 4.8, 3.4, 2.1, 1.0, 0.7],
  },
  muenchen: {
    name: 'München',
    latitude: 48.16,
    longitude: 11.59,
    ghi: [1.0, 1.8, 2.9, 4.2, 5.0, 5.5, 5.5, 4.8, 3.5, 2.2, 1.1, 0.8],
  },
  hamburg: {
    name: 'Hamburg',
    latitude: 53.54,
    longitude: 9.99,
    ghi: [0.55, 1.2, 2.3, 3.9, 4.9, 5.1, 5.0, 4.3, 2.9, 1.6, 0.7, 0.4],
  },
  utrecht: {
    name: 'Utrecht',
    latitude: 52.09,
    longitude: 5.1,
    ghi: [0.65, 1.3, 2.4, 3.9, 4.9, 5.1, 5.0, 4.3, 3.0, 1.7, 0.8, 0.5],
  },
  suzhou: {
    name: 'Suzhou',
    latitude: 31.3,
    longitude: 120.59,
    ghi: [2.4, 2.7, 3.3, 4.2, 4.6, 4.2, 5.1, 4.8, 3.9, 3.3, 2.6, 2.3],
  },
  shenzhen: {
    name: 'Shenzhen',
    latitude: 22.53,
    longitude: 113.93,
    ghi: [3.3, 3.0, 3.1, 3.6, 4.3, 4.4, 5.0, 4.7, 4.6, 4.5, 3.9, 3.5],
  },
  qiandaohu: {
    name: 'Qiandaohu',
    latitude: 29.61,
    longitude: 119.04,
    ghi: [2.4, 2.6, 3.1, 3.9, 4.4, 4.2, 5.3, 5.0, 4.0, 3.4, 2.7, 2.4],
  },
  saoPaulo: {
    name: 'São Paulo',
    latitude: -23.57,
    longitude: -46.69,
    ghi: [5.2, 5.3, 4.7, 4.1, 3.5, 3.3, 3.4, 4.1, 4.3, 4.8, 5.2, 5.3],
  },
  lagos: {
    name: 'Lagos',
    latitude: 6.45,
    longitude: 3.47,
    ghi: [4.8, 5.1, 5.1, 4.9, 4.5, 3.8, 3.8, 3.9, 4.0, 4.4, 4.8, 4.7],
  },
  abuja: {
    name: 'Abuja',
    latitude: 9.08,
    longitude: 7.49,
    ghi: [5.6, 6.0, 6.1, 5.9, 5.6, 5.1, 4.6, 4.4, 4.9, 5.5, 5.9, 5.6],
  },
  phoenix: {
    name: 'Phoenix',
    latitude: 33.5,
    longitude: -111.99,
    ghi: [3.3, 4.3, 5.6, 7.0, 7.8, 8.0, 7.3, 6.7, 6.0, 4.8, 3.6, 3.0],
  },
  austin: {
    name: 'Austin',
    latitude: 30.26,
    longitude: -97.72,
    ghi: [3.1, 3.8, 4.7, 5.5, 6.0, 6.6, 6.8, 6.3, 5.3, 4.4, 3.4, 2.9],
  },
} as const satisfies Record<string, ClimatePlace>;
