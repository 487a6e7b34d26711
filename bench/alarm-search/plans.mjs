// The alarm-search benchmark's query plans: after the measured phases (PostgreSQL only), every read of the mix is sent
// once more, alone, with auto_explain on, and the EXPLAIN ANALYZE plans of its alarm statements are kept.
import { readFileSync, statSync } from 'node:fs';
import { round } from '../support.mjs';
import { startServer, withDb } from '../ingest/server-process.mjs';
import { timed } from '../open-loop.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** auto_explain plans of each query type's alarm statements, one request at a time (PostgreSQL only). */
export async function explainPlans(target, serverOptions, tokens, mixes) {
  const logFile = target.pgLog;
  // Per role: the server's new connections load auto_explain (no restart of the cluster, no ALTER SYSTEM).
  const settings = [
    `session_preload_libraries = 'auto_explain'`,
    'auto_explain.log_min_duration = 0',
    'auto_explain.log_analyze = on',
    'auto_explain.log_buffers = on',
    'auto_explain.log_nested_statements = on',
  ];
  await withDb(target, async (db) => {
    for (const s of settings) await db.exec(`ALTER ROLE CURRENT_USER SET ${s}`);
  });
  const server = await startServer('postgres', target, undefined, serverOptions);
  const plans = {};
  try {
    for (const [user, mix] of Object.entries(mixes)) {
      for (const q of mix) {
        const req = q.request();
        if (req.body !== undefined) continue; // a change, not a read
        const url = req.url;
        await timed(server.httpUrl, req, tokens[user]); // warm
        await sleep(100);
        const from = statSync(logFile).size;
        const r = await timed(server.httpUrl, req, tokens[user]);
        await sleep(300);
        const text = readFileSync(logFile, 'utf8').slice(from);
        const statements = text
          .split(/\n(?=\S.*LOG: {2}duration: )/)
          .filter((chunk) => /Query Text:[\s\S]*\balarms\b/.test(chunk))
          .map((chunk) => chunk.replace(/^\S.*?LOG: {2}/, '').trimEnd());
        plans[`${user} ${q.name}`] = { url, ms: round(r.ms, 1), status: r.status, statements };
      }
    }
  } finally {
    await server.stop();
    await withDb(target, (db) => db.exec('ALTER ROLE CURRENT_USER RESET ALL'));
  }
  return plans;
}
