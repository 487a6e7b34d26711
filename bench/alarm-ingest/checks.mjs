// The alarm-ingest benchmark's checks of what the engine wrote: every expected alarm event is there, and how long
// each took from the reading that caused it (the evaluation lag).
import { percentile } from '../ingest/process-stats.mjs';
import { withDb } from '../ingest/server-process.mjs';

/** The benchmark's hysteresis (ALARM_RECOVER_SECONDS): a cleared fault recovers its alarm after this long. */
export const RECOVER_S = 60;

/**
 * The evaluation lag of every alarm event the engine wrote (raised, seen again, flapping, recovered), from the reading
 * that caused it. PostgreSQL (track_commit_timestamp on): commit of the ingest transaction that stored the reading →
 * commit of the engine transaction that wrote the event. PGlite (no commit timestamps): start of the ingest
 * transaction (readings.received_at) → start of the engine transaction (alarms.created_at for a raise, updated_at
 * for a recovery), which includes the ingest transaction's own duration. Database clock on both sides.
 */
async function lagRows(db, commitTimestamps) {
  if (commitTimestamps) {
    const { rows } = await db.query(
      `SELECT (extract(epoch FROM r.ts) * 1000)::float8 AS ts,
              (extract(epoch FROM pg_xact_commit_timestamp(r.xmin)) * 1000)::float8 AS stored_ms,
              (extract(epoch FROM pg_xact_commit_timestamp(e.xmin) - pg_xact_commit_timestamp(r.xmin)) * 1000)::float8 AS lag_ms
         FROM alarm_events e
         JOIN alarms a ON a.id = e.alarm_id
         LEFT JOIN readings r ON r.device_id = a.device_id
          AND r.ts = CASE WHEN e.kind = 'recovered' THEN e.at + make_interval(secs => $1) ELSE e.at END
        WHERE e.kind <> 'acknowledged'`,
      [RECOVER_S],
    );
    return rows;
  }
  const { rows } = await db.query(
    `SELECT (extract(epoch FROM r.ts) * 1000)::float8 AS ts,
            (extract(epoch FROM r.received_at) * 1000)::float8 AS stored_ms,
            (extract(epoch FROM CASE WHEN e.kind = 'recovered' THEN a.updated_at ELSE a.created_at END - r.received_at)
              * 1000)::float8 AS lag_ms
       FROM alarm_events e
       JOIN alarms a ON a.id = e.alarm_id
       LEFT JOIN readings r ON r.device_id = a.device_id
        AND r.ts = CASE WHEN e.kind = 'recovered' THEN e.at + make_interval(secs => $1) ELSE e.at END
      WHERE e.kind = 'raised' OR (e.kind = 'recovered' AND a.state = 'recovered')`,
    [RECOVER_S],
  );
  return rows;
}

/** What the engine wrote (alarms, events, fault trackers) and the lag of its events, by phase. */
export async function alarmCheck(target, firstTs, plan, commitTimestamps) {
  return withDb(target, async (db) => {
    const { rows } = await db.query(`SELECT state, flapping FROM alarms`);
    const events = Number((await db.query(`SELECT count(*) AS n FROM alarm_events`)).rows[0].n);
    const faults = Number((await db.query(`SELECT count(*) AS n FROM alarm_faults`)).rows[0].n);
    const lags = [];
    let unmatched = 0;
    for (const r of await lagRows(db, commitTimestamps)) {
      if (r.ts === null || r.lag_ms === null) unmatched += 1;
      else
        lags.push({
          phase: (r.ts - firstTs) / 60_000 < plan.closed ? 'closed' : 'paced',
          at: r.stored_ms,
          lagMs: r.lag_ms,
        });
    }
    const stats = (list) => {
      const sorted = list.map((l) => l.lagMs).sort((a, b) => a - b);
      return {
        n: sorted.length,
        p50Ms: percentile(sorted, 0.5),
        p99Ms: percentile(sorted, 0.99),
        maxMs: percentile(sorted, 1),
      };
    };
    // A growing backlog shows as a lag that grows through the saturated phase: its first and last thirds.
    const closed = lags.filter((l) => l.phase === 'closed').sort((a, b) => a.at - b.at);
    const third = Math.floor(closed.length / 3);
    return {
      alarms: rows.length,
      active: rows.filter((r) => r.state === 'active').length,
      recovered: rows.filter((r) => r.state === 'recovered').length,
      flapping: rows.filter((r) => r.flapping).length,
      events,
      trackedFaults: faults,
      lag: {
        measure: commitTimestamps
          ? 'commit of the reading → commit of the engine transaction that wrote the event'
          : 'start of the reading’s ingest transaction → start of the engine transaction (raise / recovery)',
        closed: stats(closed),
        closedFirstThird: stats(closed.slice(0, third)),
        closedLastThird: stats(closed.slice(closed.length - third)),
        paced: stats(lags.filter((l) => l.phase === 'paced')),
        unmatched,
      },
    };
  });
}
