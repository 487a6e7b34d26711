// Load generator of the ingest benchmark (a child process, so it never shares the event loop with the pipeline under
// test): simulated devices `from` … `to - 1`, one MQTT client each, publishing pre-serialised readings with QoS 1.
// Driven by the parent over IPC: init → connect → run (closed loop or paced) → disconnect → exit.
// With `faults` in init (bench/alarm-ingest), the payloads carry the fault mix of bench/alarm-ingest/fault-mix.mjs.
import mqtt from 'mqtt';
import { fleetReadings } from './fleet.mjs';

let devices = [];
let clients = [];
let disconnects = 0;

const reply = (message) => process.send(message);

async function init({ count, from, to, perDevice, startMs, faults }) {
  devices = await fleetReadings(count, from, to, perDevice, startMs);
  if (faults) {
    const { withFaults } = await import('../alarm-ingest/fault-mix.mjs');
    devices = devices.map(({ sn, payloads }, j) => ({
      sn,
      payloads: payloads.map((p, k) => withFaults(p, from + j, k)),
    }));
  }
  const sample = JSON.parse(devices[0].payloads[0].toString());
  const bytes = devices.reduce((n, d) => n + d.payloads.reduce((m, p) => m + p.length, 0), 0);
  reply({
    type: 'ready',
    fields: Object.keys(sample.values).length,
    firstTs: typeof sample.ts === 'number' ? sample.ts : Date.parse(sample.ts),
    avgBytes: Math.round(bytes / devices.reduce((n, d) => n + d.payloads.length, 0)),
  });
}

function connectOne(url, sn, secret) {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      clientId: sn,
      username: sn,
      password: secret ?? 'anchor-accepts-anyone',
      protocolVersion: 4,
      clean: true,
      keepalive: 120,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
    });
    client.once('connect', () => {
      client.on('close', () => (disconnects += 1));
      resolve(client);
    });
    client.once('error', reject);
  });
}

async function connect({ url, secrets }) {
  disconnects = 0;
  clients = new Array(devices.length);
  let next = 0;
  // A hundred handshakes at a time: the broker's accept queue stays short.
  const worker = async () => {
    while (next < devices.length) {
      const i = next++;
      clients[i] = await connectOne(url, devices[i].sn, secrets?.[devices[i].sn]);
    }
  };
  await Promise.all(Array.from({ length: 100 }, worker));
  reply({ type: 'connected' });
}

/** Every device publishes readings `first` … `last - 1`, `window` unacknowledged at most, as fast as acks come. */
function closedLoop({ first, last, window }) {
  const latencies = [];
  let outstanding = devices.length;
  return new Promise((resolve) => {
    devices.forEach((device, i) => {
      const client = clients[i];
      let sent = first;
      let acked = first;
      const pump = () => {
        while (sent < last && sent - acked < window) {
          const payload = device.payloads[sent++];
          const at = performance.now();
          client.publish(`dev/${device.sn}/up/reading`, payload, { qos: 1 }, (err) => {
            if (!err) latencies.push(performance.now() - at);
            acked += 1;
            if (acked === last) {
              if (--outstanding === 0) resolve(latencies);
            } else pump();
          });
        }
      };
      pump();
    });
  });
}

/** Open loop: readings `first` … `last - 1` of every device at `ratePerS` in total, spread evenly over devices. */
function paced({ first, last, ratePerS }) {
  const latencies = [];
  const n = devices.length;
  const periodMs = (n / ratePerS) * 1000;
  const events = [];
  for (let k = first; k < last; k++)
    for (let j = 0; j < n; j++) events.push({ at: (k - first) * periodMs + (j * periodMs) / n, j, k });
  events.sort((a, b) => a.at - b.at);
  let expected = events.length;
  const start = performance.now();
  let next = 0;
  return new Promise((resolve) => {
    const tick = () => {
      const now = performance.now() - start;
      while (next < events.length && events[next].at <= now) {
        const { j, k } = events[next++];
        const at = performance.now();
        clients[j].publish(`dev/${devices[j].sn}/up/reading`, devices[j].payloads[k], { qos: 1 }, (err) => {
          if (!err) latencies.push(performance.now() - at);
          if (--expected === 0) resolve(latencies);
        });
      }
      if (next < events.length) setTimeout(tick, 1);
    };
    tick();
  });
}

async function run(message) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const latencies = message.mode === 'paced' ? await paced(message) : await closedLoop(message);
  const used = process.cpuUsage(cpu);
  reply({
    type: 'done',
    elapsedMs: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
    disconnects,
    latencies: latencies.map((l) => Math.round(l * 100) / 100),
  });
}

async function disconnect() {
  await Promise.all(clients.map((c) => c?.endAsync(true)));
  clients = [];
  reply({ type: 'disconnected' });
}

process.on('message', (message) => {
  const handlers = { init, connect, run, disconnect, exit: () => process.exit(0) };
  Promise.resolve()
    .then(() => handlers[message.type](message))
    .catch((err) => {
      reply({ type: 'error', message: String(err?.stack ?? err) });
    });
});
