import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import { AEDES_CONCURRENCY, startMqttBroker, type MqttBroker } from './mqtt-broker.js';
import { connectDevice, MemoryDirectory, readingJson, TestSink, waitFor } from './test-support.js';

/**
 * Aedes crash (docs/architecture.md): mqemitter queues messages once `concurrency` deliveries are in flight and drains
 * the queue recursively, so a QoS 0 burst of messages nobody subscribes to, arriving while deliveries hold the slots,
 * overflows the stack. Bounded: 40,000 messages in a child process; 20,000 QoS 0 readings from 10 devices and 1,000
 * commands through our broker, on loopback.
 */
const burstScript = fileURLToPath(new URL('./fixtures/aedes-qos0-burst.mjs', import.meta.url));
const run = promisify(execFile);

async function burstOutcome(concurrency: string): Promise<string> {
  try {
    return (await run(process.execPath, [burstScript, concurrency], { timeout: 20_000 })).stdout.trim();
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? err).trim();
  }
}

test('the crash reproduces with Aedes defaults and not with our setting', async () => {
  expect(await burstOutcome('default')).toBe('crashed: Maximum call stack size exceeded');
  expect(await burstOutcome(String(AEDES_CONCURRENCY))).toBe('survived');
});
const PUBLISHERS = Array.from({ length: 10 }, (_, i) => `VFBURSTP${String(i).padStart(3, '0')}`);
const LISTENERS = Array.from({ length: 20 }, (_, i) => `VFBURSTL${String(i).padStart(3, '0')}`);
const PER_PUBLISHER = 2000;
const COMMAND_ROUNDS = 50;

let broker: MqttBroker;
let url: string;
const directory = new MemoryDirectory();
const sink = new TestSink(2);
const clients: MqttClient[] = [];

beforeAll(async () => {
  await directory.add(...PUBLISHERS, ...LISTENERS);
  broker = await startMqttBroker({ port: 0, host: '127.0.0.1', directory, sink });
  url = `mqtt://127.0.0.1:${broker.port}`;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await broker.close();
});

test('QoS 0 reading bursts during command fan-out leave the broker running', async () => {
  const connect = async (sn: string) => {
    const client = await connectDevice(url, sn, directory.secret(sn));
    clients.push(client);
    return client;
  };
  let commandsReceived = 0;
  for (const sn of LISTENERS) {
    const listener = await connect(sn);
    listener.on('message', () => (commandsReceived += 1));
    await listener.subscribeAsync(`dev/${sn}/down/#`, { qos: 1 });
  }
  const publishers = await Promise.all(PUBLISHERS.map(connect));

  const started = Date.now();
  // Commands go out in waves without waiting for delivery, so hundreds of deliveries hold mqemitter slots.
  const fanOut = (async () => {
    const sending: Promise<unknown>[] = [];
    for (let round = 0; round < COMMAND_ROUNDS; round++) {
      for (const sn of LISTENERS)
        sending.push(broker.send(sn, { commandId: `r${round}`, type: 'readParameter', key: 'onOff' }));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await Promise.all(sending);
  })();
  publishers.forEach((client, p) => {
    const sn = PUBLISHERS[p]!;
    for (let i = 0; i < PER_PUBLISHER; i++) client.publish(`dev/${sn}/up/reading`, readingJson(sn, i + 1), { qos: 0 });
  });
  await fanOut;
  const total = PUBLISHERS.length * PER_PUBLISHER;
  await waitFor(() => sink.committed.length === total, `${total} readings committed`, 20_000);
  const seconds = (Date.now() - started) / 1000;
  await waitFor(() => commandsReceived === LISTENERS.length * COMMAND_ROUNDS, 'every command delivered');
  console.info(`QoS 0 burst: ${total} readings in ${seconds.toFixed(2)} s = ${Math.round(total / seconds)}/s`);

  expect(sink.distinct().size).toBe(total);
  expect(broker.counters.accepted).toBe(total);
  expect(broker.counters.rejected).toBe(0);
  const probe = await connect(LISTENERS[0]!);
  await probe.publishAsync(`dev/${LISTENERS[0]}/up/reading`, readingJson(LISTENERS[0]!, 1), { qos: 1 });
});
