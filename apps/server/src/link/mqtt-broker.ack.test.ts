import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { MqttClient, Packet } from 'mqtt';
import { startMqttBroker, type MqttBroker } from './mqtt-broker.js';
import { closed, connectDevice, MemoryDirectory, readingJson, sleep, TestSink, waitFor } from './test-support.js';

const SNS = Array.from({ length: 50 }, (_, i) => `VFACK${String(i).padStart(5, '0')}`);
let broker: MqttBroker;
let url: string;
const directory = new MemoryDirectory();
const sink = new TestSink();
const clients: MqttClient[] = [];

beforeAll(async () => {
  await directory.add(...SNS);
  broker = await startMqttBroker({ port: 0, host: '127.0.0.1', directory, sink });
  url = `mqtt://127.0.0.1:${broker.port}`;
});
afterEach(async () => {
  sink.mode = 'auto';
  sink.commit();
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
});
afterAll(() => broker.close());

async function device(sn: string, options = {}): Promise<MqttClient> {
  const client = await connectDevice(url, sn, directory.secret(sn), options);
  clients.push(client);
  return client;
}

/** Message ids of the PUBACKs a client received, in order. */
function pubacks(client: MqttClient): number[] {
  const ids: number[] = [];
  client.on('packetreceive', (packet: Packet) => {
    if (packet.cmd === 'puback' && packet.messageId !== undefined) ids.push(packet.messageId);
  });
  return ids;
}

test('a QoS 1 reading is acknowledged only after the sink has committed it', async () => {
  sink.mode = 'hold';
  const client = await device(SNS[0]!);
  const acks = pubacks(client);
  let acked = false;
  const publishing = client.publishAsync(`dev/${SNS[0]}/up/reading`, readingJson(SNS[0]!), { qos: 1 }).then(() => {
    acked = true;
  });
  await waitFor(() => sink.pending === 1, 'the reading to reach the sink');
  await sleep(200);
  expect(acked).toBe(false);
  expect(acks).toEqual([]);
  sink.commit();
  await publishing;
  expect(acks).toHaveLength(1);
});

test('readings of 50 devices wait in one batch together, and all are acknowledged after its commit', async () => {
  sink.mode = 'hold';
  const devices = await Promise.all(SNS.map((sn) => device(sn)));
  let acked = 0;
  const publishing = devices.map((c, i) =>
    c.publishAsync(`dev/${SNS[i]}/up/reading`, readingJson(SNS[i]!, 2), { qos: 1 }).then(() => void (acked += 1)),
  );
  await waitFor(() => sink.pending === 50, 'all 50 readings waiting in the sink at once');
  await sleep(50);
  expect(acked).toBe(0);
  sink.commit();
  await Promise.all(publishing);
  expect(acked).toBe(50);
});

test("one device's pipelined readings share batches and are acknowledged in order", async () => {
  sink.mode = 'hold';
  const sn = SNS[1]!;
  const client = await device(sn);
  const acks = pubacks(client);
  const sent: number[] = [];
  client.on('packetsend', (packet: Packet) => {
    if (packet.cmd === 'publish' && packet.messageId !== undefined) sent.push(packet.messageId);
  });
  sink.maxWaiting = 0;
  const publishing = Array.from({ length: 20 }, (_, i) =>
    client.publishAsync(`dev/${sn}/up/reading`, readingJson(sn, 100 + i), { qos: 1 }),
  );
  await waitFor(() => sink.pending > 0, 'the first readings');
  sink.mode = 'auto';
  sink.commit();
  await Promise.all(publishing);
  expect(sink.maxWaiting).toBeGreaterThan(1);
  expect(acks).toEqual(sent);
});

test('when the commit fails the device is disconnected unacknowledged, and its redelivery is stored', async () => {
  sink.mode = 'fail';
  const sn = SNS[2]!;
  const client = await device(sn, { reconnectPeriod: 200 });
  const publishing = client.publishAsync(`dev/${sn}/up/reading`, readingJson(sn, 500), { qos: 1 });
  await closed(client);
  expect(broker.counters.rejectedByReason['link.submitFailed']).toBeGreaterThanOrEqual(1);
  sink.mode = 'auto';
  await publishing;
  expect(sink.committed.filter((c) => c.sn === sn && c.seq === 500)).toHaveLength(1);
});
