import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { DEVICE_BELOW_SIBLINGS_CODE, PLANT_BELOW_BASELINE_CODE } from '@voltfleet/domain/alarms';
import {
  isSunnyDay,
  judgeDevice,
  judgePlant,
  performanceRatio,
  type PerformanceSettings,
  type SiblingDay,
} from '@voltfleet/domain/performance';
import { clearSkyDailyPoaKwhM2 } from '@voltfleet/domain/solar';
import { localDay, localDayStart, shiftDay } from '@voltfleet/domain/time';
import type { Queryable } from '../../db/db.js';
import { startPeriodic } from '../../platform/periodic.js';
import type { ConditionVerdict } from '../alarms/index.js';
import {
  plantsNeedingIrradiance,
  storeIrradiance,
  weatherIrradiance,
  type ChosenIrradiance,
  type PlantNeedingIrradiance,
} from './irradiance.repository.js';
import { judgedPlants, plantDays, siblingDays } from './performance.repository.js';

/** What a demo plant's sky gave on a local day (the simulator's own sky; the demo runs without the internet). */
export interface DaySky {
  poaKwhM2: number;
  clearSkyPoaKwhM2: number;
}

/** The demo world's sky of a plant, when the plant is one of the demo's; undefined for every other plant. */
export type DemoSkyLookup = (plant: {
  plantId: number;
  name: string;
}) => ((day: string) => DaySky | undefined) | undefined;

/** What the job raises and recovers alarms through (the alarm engine's syncConditions). */
export interface ConditionSink {
  syncConditions(code: string, verdicts: readonly ConditionVerdict[]): Promise<void>;
}

export interface PerformanceJobOptions {
  settings: PerformanceSettings;
  demoSky?: DemoSkyLookup | undefined;
  /** How far back days get their irradiance (the demo seeds about 13 months). */
  lookbackDays?: number;
  /** Plant-days chosen per statement round. */
  batch?: number;
}

/**
 * Chooses the irradiance of every plant-day that produced energy (the best source it has: the weather service's, the
 * demo's sky, the clear-sky model), then judges every plant and every inverter with siblings and raises or recovers
 * the performance alarms. Idempotent: two processes running it write the same rows and the alarms' unique index keeps
 * one active alarm per device and code.
 */
export class PerformanceJob {
  constructor(
    private readonly db: Queryable,
    private readonly alarms: ConditionSink,
    private readonly options: PerformanceJobOptions,
  ) {}

  private judgedAtMs = -Infinity;

  /**
   * One round: chooses the irradiance of the days that are due, then judges the plants when days were chosen or the
   * last judgement is `judgeEveryMs` old (a day that ends changes nothing until its irradiance is chosen; the hourly
   * judgement catches energy that arrived late).
   */
  async round(nowMs = Date.now(), judgeEveryMs = 3_600_000): Promise<{ chosenDays: number; judgedPlants: number }> {
    // The minutely rounds look at the last five weeks; the hourly one at the whole span (a late backfill, a re-entered
    // array), so a large fleet's minutely round reads five weeks of days, not thirteen months.
    const hourly = nowMs - this.judgedAtMs >= judgeEveryMs;
    const chosenDays = await this.chooseIrradiance(nowMs, hourly ? undefined : 35);
    if (chosenDays === 0 && !hourly) return { chosenDays, judgedPlants: 0 };
    const judged = await this.judge(nowMs);
    this.judgedAtMs = nowMs;
    return { chosenDays, judgedPlants: judged };
  }

  /** Chooses irradiance until no day is due; returns how many plant-days were chosen. */
  async chooseIrradiance(nowMs = Date.now(), lookbackDays = this.options.lookbackDays ?? 400): Promise<number> {
    let chosen = 0;
    for (;;) {
      const due = await plantsNeedingIrradiance(this.db, nowMs, lookbackDays, this.options.batch ?? 5000);
      if (due.length === 0) return chosen;
      for (const plant of due) {
        const days = await this.choose(plant);
        await storeIrradiance(this.db, plant, days);
        chosen += days.length;
      }
    }
  }

  private async choose(plant: PlantNeedingIrradiance): Promise<ChosenIrradiance[]> {
    const weather = await weatherIrradiance(this.db, plant, plant.days);
    const sky = this.options.demoSky?.({ plantId: plant.plantId, name: plant.name });
    const site = {
      latitude: plant.latitude,
      longitude: plant.longitude,
      tiltDeg: plant.tiltDeg,
      azimuthDeg: plant.azimuthDeg,
    };
    return plant.days.map((day) => {
      const clearSkyKwhM2 = round3(clearSkyDailyPoaKwhM2(site, day, plant.timeZone));
      const measured = weather.get(day);
      if (measured !== undefined)
        return {
          day,
          poaKwhM2: measured,
          clearSkyKwhM2,
          source: 'openMeteo',
          sunny: isSunnyDay('openMeteo', measured, clearSkyKwhM2),
        };
      const demo = sky?.(day);
      if (demo) {
        const poa = round3(demo.poaKwhM2);
        return {
          day,
          poaKwhM2: poa,
          clearSkyKwhM2,
          source: 'demoSky',
          sunny: isSunnyDay('demoSky', poa, clearSkyKwhM2),
        };
      }
      return { day, poaKwhM2: clearSkyKwhM2, clearSkyKwhM2, source: 'clearSky', sunny: null };
    });
  }

  /** Judges every plant (and its inverters with siblings); returns how many plants were judged. */
  async judge(nowMs: number): Promise<number> {
    const { settings } = this.options;
    const plants = await judgedPlants(this.db);
    const plantVerdicts: ConditionVerdict[] = [];
    const deviceVerdicts: ConditionVerdict[] = [];
    const judgedAt = new Date(nowMs);
    for (const plant of plants) {
      // The plant's complete days: its baseline span and the recent sunny days, with room for grey spells.
      const to = shiftDay(localDay(nowMs, plant.timeZone), -1);
      const from = shiftDay(to, -(settings.baselineDays + 60));
      const days = await plantDays(this.db, [plant.plantId], from, to);
      const verdict = judgePlant(
        days.map((d) => ({ day: d.day, pr: performanceRatio(d.actualKwh, plant.kwp, d.poaKwhM2), sunny: d.sunny })),
        settings,
      );
      if (verdict.state !== 'unknown' && plant.leadInverterId !== null)
        plantVerdicts.push({
          deviceId: plant.leadInverterId,
          present: verdict.state === 'under',
          since: dayStart(verdict.since ?? verdict.recent[0]!.day, plant.timeZone),
          judgedAt,
        });
      deviceVerdicts.push(...(await this.judgeSiblings(plant, from, to, judgedAt)));
    }
    await this.alarms.syncConditions(PLANT_BELOW_BASELINE_CODE, plantVerdicts);
    await this.alarms.syncConditions(DEVICE_BELOW_SIBLINGS_CODE, deviceVerdicts);
    return plants.length;
  }

  private async judgeSiblings(
    plant: { plantId: number; timeZone: string },
    from: string,
    to: string,
    judgedAt: Date,
  ): Promise<ConditionVerdict[]> {
    const rows = await siblingDays(this.db, [plant.plantId], from, to);
    // Per model and day: every inverter's energy, so each one is compared with the others of its model that day.
    const byModelDay = new Map<string, Map<number, number>>();
    for (const r of rows) {
      const key = `${r.model}\u0000${r.day}`;
      const group = byModelDay.get(key) ?? new Map<number, number>();
      group.set(r.deviceId, r.pvKwh);
      byModelDay.set(key, group);
    }
    const perDevice = new Map<number, SiblingDay[]>();
    for (const r of rows) {
      const group = byModelDay.get(`${r.model}\u0000${r.day}`)!;
      const siblingsKwh = [...group].filter(([id]) => id !== r.deviceId).map(([, kwh]) => kwh);
      const list = perDevice.get(r.deviceId) ?? [];
      list.push({ day: r.day, sunny: r.sunny, ownKwh: r.pvKwh, siblingsKwh });
      perDevice.set(r.deviceId, list);
    }
    const verdicts: ConditionVerdict[] = [];
    for (const [deviceId, days] of perDevice) {
      const { state, since } = judgeDevice(days, this.options.settings);
      if (state === 'unknown') continue;
      // Absent: `since` is not used (a recovery is dated by the judgement).
      verdicts.push({
        deviceId,
        present: state === 'under',
        since: dayStart(since ?? days[0]!.day, plant.timeZone),
        judgedAt,
      });
    }
    return verdicts;
  }
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The start of a plant-local day (the raise time of an alarm whose condition began that day). */
const dayStart = (day: string, timeZone: string) => new Date(localDayStart(day, timeZone) ?? Date.parse(day));

/**
 * Runs the job every minute (jobs role), the first round at once; returns its stop function. A round with nothing due
 * is one statement: days get their irradiance soon after their energy arrives (the demo's history is seeded while
 * the server runs), and the plants are judged when that changed something or once an hour.
 */
export function startPerformanceJob(
  job: PerformanceJob,
  log: FastifyBaseLogger,
  metrics?: Registry,
  everyMs = 60_000,
): () => Promise<void> {
  return startPeriodic({
    name: 'performance',
    everyMs,
    run: async () => {
      const { chosenDays } = await job.round();
      if (chosenDays > 0) log.info({ chosenDays }, 'performance: irradiance chosen');
    },
    log,
    metrics,
    runAtStart: true,
  }).stop;
}
