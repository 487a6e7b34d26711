// The anchor of the ingest benchmark, a child process like the server: the minimal pipeline from devices to rows.
// An Aedes broker without authentication (it acknowledges a publish on receipt), one MQTT subscriber in the same
// process, and a plain batched INSERT … SELECT unnest(…) of the readings (device, ts, seq and every catalogue column)
// into a plain table of the readings' columns (no key, no partitions, no energy chain, no rollups), same engine.
import { createServer } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { ROOT } from '../support.mjs';

const { openDb } = await import(`${ROOT}/apps/server/dist/db/db.js`);
const { FIELD_COLUMNS } = await import(`${ROOT}/apps/server/dist/features/telemetry/columns.js`);

const BATCH = 500;
const DELAY_MS = 20;
const COLUMNS = ['device_id', 'ts', 'seq', 'extra', ...FIELD_COLUMNS.map((c) => c.column)];
const TYPES = ['int4', 'timestamptz', 'int8', 'jsonb', ...FIELD_COLUMNS.map((c) => c.type)];
const INSERT = `INSERT INTO anchor_readings (${COLUMNS.join(', ')})
  SELECT * FROM unnest(${TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;

let db;
let ids;

/** The anchor's own broker: Aedes without authentication, on a free loopback port; returns its URL. */
async function startAedes() {
  // The same mqemitter setting as our broker (AEDES_CONCURRENCY: no delivery limit).
  const aedes = await Aedes.createBroker({ concurrency: 0 });
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    aedes.handle(socket);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `mqtt://127.0.0.1:${server.address().port}`;
}
let expected = Infinity;
let committed = 0;
let buffer = [];
let timer;
let writing = Promise.resolve();

const reply = (message) => process.send(message);
const epochMs = () => performance.timeOrigin + performance.now();

function flush() {
  clearTimeout(timer);
  timer = undefined;
  const rows = buffer;
  buffer = [];
  if (rows.length === 0) return;
  writing = writing.then(async () => {
    const columns = [
      rows.map((r) => ids.get(r.sn)),
      rows.map((r) => new Date(r.ts).toISOString()),
      rows.map((r) => r.seq ?? null),
      rows.map((r) => (r.extra ? JSON.stringify(r.extra) : null)),
      ...FIELD_COLUMNS.map((c) => rows.map((r) => r.values[c.key] ?? null)),
    ];
    await db.query(INSERT, columns);
    committed += rows.length;
    if (committed >= expected) {
      reply({ type: 'committed', at: epochMs(), rows: committed });
      expected = Infinity;
    }
  });
}

/**
 * `brokerUrl` (bench/scale-out): no broker of its own; the subscriber reads from that broker (Mosquitto, with the
 * platform's login in the URL), which acknowledges the devices on receipt as Aedes does here.
 */
async function init({ databaseUrl, dataDir, brokerUrl }) {
  db = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  await db.exec(
    `DROP TABLE IF EXISTS anchor_readings; CREATE TABLE anchor_readings (LIKE readings INCLUDING DEFAULTS)`,
  );
  ids = new Map((await db.query(`SELECT id, sn FROM devices`)).rows.map((r) => [r.sn, r.id]));
  const url = brokerUrl ?? (await startAedes());
  const subscriber = await mqtt.connectAsync(url, { clientId: 'anchor-ingest', protocolVersion: 4, clean: true });
  subscriber.on('message', (_topic, payload) => {
    const reading = JSON.parse(payload.toString('utf8'));
    buffer.push(reading);
    if (buffer.length >= BATCH) flush();
    else timer ??= setTimeout(flush, DELAY_MS);
  });
  await subscriber.subscribeAsync('dev/+/up/reading', { qos: 1 });
  reply({ type: 'ready', url });
}

process.on('message', (message) => {
  const handlers = {
    init,
    expect: ({ rows }) => {
      committed = 0;
      expected = rows;
      reply({ type: 'expecting' });
    },
    exit: async () => {
      await writing;
      await db.close();
      process.exit(0);
    },
  };
  Promise.resolve()
    .then(() => handlers[message.type](message))
    .catch((err) => reply({ type: 'error', message: String(err?.stack ?? err) }));
});
