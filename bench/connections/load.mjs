// Load side of the connections benchmark (a child process started with tsx; several share the fleet): the devices
// of one slice as raw MQTT clients (apps/server/src/test/raw-device-fleet.ts, the same clients as the connections
// test), each with a real reading or two to publish. Driven by the parent over IPC: init → connect → publish → stats
// → close (then the next broker).
import { ROOT } from '../support.mjs';
import { fleetReadings } from '../ingest/fleet.mjs';

const { RawDeviceFleet } = await import(`${ROOT}/apps/server/src/test/raw-device-fleet.ts`);

let fleet;
const reply = (message) => process.send(message);

async function init({ secrets, count, from, to, perDevice, startMs }) {
  const readings = await fleetReadings(count, from, to, perDevice, startMs);
  fleet = new RawDeviceFleet(secrets.map(([sn, secret], k) => ({ sn, secret, payloads: readings[k].payloads })));
  reply({ type: 'ready' });
}

function stats({ full }) {
  const usage = process.resourceUsage();
  reply({
    type: 'stats',
    ...fleet.stats(full),
    cpuUs: usage.userCPUTime + usage.systemCPUTime,
    rssMb: process.memoryUsage().rss / 1024 / 1024,
  });
}

const handlers = {
  init,
  connect: async ({ port, perSecond }) => {
    await fleet.connect(port, perSecond);
    reply({ type: 'opened' });
  },
  publish: ({ reading, spreadMs }) => {
    fleet.publishRound(reading, spreadMs);
    reply({ type: 'publishing' });
  },
  stats,
  close: async () => {
    await fleet.close();
    reply({ type: 'closed' });
  },
  exit: () => process.exit(0),
};

process.on('message', (message) => {
  Promise.resolve(handlers[message.type]?.(message)).catch((err) => reply({ type: 'error', message: err.message }));
});
