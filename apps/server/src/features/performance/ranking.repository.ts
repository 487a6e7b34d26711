import type { IrradianceSource } from '@voltfleet/domain/performance';
import type { Queryable } from '../../db/db.js';
import { deviceInScope, plantInScope } from '../../platform/scope.js';

/** A caller's scope as the SQL conditions bind it. */
export interface RankingScope {
  pattern: string;
  callerId: number;
}

/** A plant's sums over a span: all its energy, and the energy and irradiation of its days with irradiance. */
export interface PlantSums {
  plantId: number;
  name: string;
  kwp: number | null;
  actualKwh: number;
  /** Energy of the days with irradiance (the ratio's numerator). */
  judgedKwh: number;
  poaKwhM2: number | null;
  clearSkyKwhM2: number | null;
  sources: IrradianceSource[];
  days: number;
  sunnyDays: number;
  activePerformanceAlarms: number;
}

/** The sums of every plant in the caller's scope over from..to (plant-local days, both included). */
export async function plantSumsInScope(
  db: Queryable,
  scope: RankingScope,
  from: string,
  to: string,
): Promise<PlantSums[]> {
  const { rows } = await db.query<PlantSums>(
    `SELECT p.id AS "plantId", p.name, nullif(p.power_kw, 0)::float8 AS kwp,
            coalesce(e.actual, 0)::float8 AS "actualKwh", coalesce(i.judged, 0)::float8 AS "judgedKwh",
            i.poa AS "poaKwhM2", i.clear AS "clearSkyKwhM2", coalesce(i.sources, '{}') AS sources,
            coalesce(i.days, 0)::int AS days, coalesce(i.sunny, 0)::int AS "sunnyDays",
            (SELECT count(*)::int FROM alarms a JOIN devices d ON d.id = a.device_id
              WHERE d.plant_id = p.id AND a.state = 'active' AND a.group_name = 'performance') AS "activePerformanceAlarms"
       FROM plants p
       LEFT JOIN LATERAL (SELECT sum(pv_kwh) AS actual FROM plant_energy_day
                           WHERE plant_id = p.id AND day BETWEEN $3::date AND $4::date) e ON true
       LEFT JOIN LATERAL (
         SELECT sum(coalesce(x.pv_kwh, 0)) AS judged, sum(r.poa_kwh_m2) AS poa, sum(r.clear_sky_kwh_m2) AS clear,
                array_agg(DISTINCT r.source) AS sources, count(*) AS days, count(*) FILTER (WHERE r.sunny) AS sunny
           FROM plant_irradiance_days r
           LEFT JOIN plant_energy_day x ON x.plant_id = r.plant_id AND x.day = r.day
          WHERE r.plant_id = p.id AND r.day BETWEEN $3::date AND $4::date) i ON true
      WHERE ${plantInScope('p', 1, 2)}`,
    [scope.pattern, scope.callerId, from, to],
  );
  return rows;
}

/** An inverter with siblings of its model in its plant, and the period's PV energy of it and of them. */
export interface DeviceSums {
  deviceId: number;
  sn: string;
  model: string;
  plantId: number;
  plantName: string;
  actualKwh: number;
  siblingsKwh: number[];
  activePerformanceAlarms: number;
}

/** Every inverter in scope installed in a plant, with the period's energy of its plant's inverters of its model. */
export async function deviceSumsInScope(
  db: Queryable,
  scope: RankingScope,
  from: string,
  to: string,
): Promise<DeviceSums[]> {
  const { rows } = await db.query<DeviceSums>(
    `WITH energy AS (
       SELECT d.id, d.plant_id, d.model, coalesce(sum(e.pv_kwh), 0)::float8 AS kwh
         FROM devices d LEFT JOIN device_energy_day e ON e.device_id = d.id AND e.day BETWEEN $3::date AND $4::date
        WHERE d.kind = 'inverter'
          AND d.plant_id IN (SELECT v.plant_id FROM devices v WHERE v.kind = 'inverter' AND ${deviceInScope('v', 1, 2)})
        GROUP BY d.id)
     SELECT d.id AS "deviceId", d.sn, d.model, d.plant_id AS "plantId", p.name AS "plantName", me.kwh AS "actualKwh",
            coalesce((SELECT array_agg(s.kwh ORDER BY s.id) FROM energy s
                       WHERE s.plant_id = d.plant_id AND s.model = d.model AND s.id <> d.id), '{}') AS "siblingsKwh",
            (SELECT count(*)::int FROM alarms a WHERE a.device_id = d.id AND a.state = 'active'
                AND a.group_name = 'performance') AS "activePerformanceAlarms"
       FROM devices d JOIN energy me ON me.id = d.id JOIN plants p ON p.id = d.plant_id
      WHERE d.kind = 'inverter' AND ${deviceInScope('d', 1, 2)}`,
    [scope.pattern, scope.callerId, from, to],
  );
  return rows;
}
