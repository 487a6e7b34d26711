import {
  DEVICE_RANKING_EXPORT_COLUMNS,
  IRRADIANCE_SOURCE_LABELS,
  PERFORMANCE_EXPORT_SHEETS,
  PLANT_RANKING_EXPORT_COLUMNS,
  type DeviceRankingRow,
  type PerformanceExportQuery,
  type PlantRankingRow,
} from '@voltfleet/domain/performance';
import { translate, type Lang } from '@voltfleet/domain/i18n';
import type { Queryable } from '../../db/db.js';
import { sheetFile, type SheetCell } from '../../platform/spreadsheet.js';
import type { RankingScope } from './ranking.repository.js';
import { deviceRankingRows, plantRankingRows } from './performance.service.js';

const cell = (x: number | null): SheetCell => (x === null ? '' : x);

type PlantKey = (typeof PLANT_RANKING_EXPORT_COLUMNS)[number]['key'];
type DeviceKey = (typeof DEVICE_RANKING_EXPORT_COLUMNS)[number]['key'];

function plantCells(r: PlantRankingRow, lang: Lang): Record<PlantKey, SheetCell> {
  return {
    plant: r.plantName,
    kwp: cell(r.kwp),
    actualKwh: r.actualKwh,
    expectedKwh: cell(r.expectedKwh),
    pr: cell(r.pr),
    specificYield: cell(r.specificYieldKwhKwp),
    source: translate(IRRADIANCE_SOURCE_LABELS[r.source ?? 'none'], lang),
    activeAlarms: r.activePerformanceAlarms,
  };
}

function deviceCells(r: DeviceRankingRow): Record<DeviceKey, SheetCell> {
  return {
    sn: r.sn,
    model: r.model,
    plant: r.plantName,
    actualKwh: r.actualKwh,
    siblingMedianKwh: cell(r.siblingMedianKwh),
    siblingRatio: cell(r.siblingRatio),
    siblings: r.siblings,
    activeAlarms: r.activePerformanceAlarms,
  };
}

/** The whole plant ranking of the filter as a sheet, worst first, headers and sources in `lang`. */
export async function exportPlantRanking(db: Queryable, scope: RankingScope, q: PerformanceExportQuery, lang: Lang) {
  const rows = await plantRankingRows(db, scope, q);
  return sheetFile(
    {
      name: translate(PERFORMANCE_EXPORT_SHEETS.plants, lang),
      headers: PLANT_RANKING_EXPORT_COLUMNS.map((c) => translate(c.label, lang)),
      rows: rows.map((r) => {
        const cells = plantCells(r, lang);
        return PLANT_RANKING_EXPORT_COLUMNS.map((c) => cells[c.key]);
      }),
    },
    q.format,
  );
}

/** The whole inverter ranking of the filter as a sheet, worst first. */
export async function exportDeviceRanking(db: Queryable, scope: RankingScope, q: PerformanceExportQuery, lang: Lang) {
  const rows = await deviceRankingRows(db, scope, q);
  return sheetFile(
    {
      name: translate(PERFORMANCE_EXPORT_SHEETS.devices, lang),
      headers: DEVICE_RANKING_EXPORT_COLUMNS.map((c) => translate(c.label, lang)),
      rows: rows.map((r) => {
        const cells = deviceCells(r);
        return DEVICE_RANKING_EXPORT_COLUMNS.map((c) => cells[c.key]);
      }),
    },
    q.format,
  );
}
