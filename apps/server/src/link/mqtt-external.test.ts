import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { MqttClient, Packet } from 'mqtt';
import { writeMosquittoAuthFiles } from './mosquitto-auth.js';
import { mosquittoAvailable, startMosquitto, type MosquittoProcess } from './mosquitto-runner.js';
import { connectExternalLink, type ExternalLink } from './mqtt-external.js';
import {
  connectDevice,
  connectOutcome,
  MemoryDirectory,
  readingJson,
  sleep,
  TestSink,
  waitFor,
} from './test-support.js';

const SNS = Array.from({ length: 50 }, (_, i) => `VFEXT${String(i).padStart(5, '0')}`);
const [A, B] = [SNS[0]!, SNS[1]!];
const platform = { username: 'voltfleet', password: randomBytes(18).toString('base64url') };
const directory = new MemoryDirectory();
let mosquitto: MosquittoProcess;
let authDir: string;
const links: ExternalLink[] = [];
const devices: MqttClient[] = [];

async function link(clientId: string, sink: TestSink): Promise<ExternalLink> {
  const url = `mqtt://${platform.username}:${platform.password}@127.0.0.1:${mosquitto.port}`;
  const started = await connectExternalLink({ url, clientId, devices: directory, sink, reconnectPeriodMs: 100 });
  links.push(started);
  return started;
}

async function device(sn: string, options = {}): Promise<MqttClient> {
  const client = await connectDevice(mosquitto.url, sn, directory.secret(sn), options);
  devices.push(client);
  return client;
}

/** PUBACKs the platform client has sent. */
function pubacksSent(l: ExternalLink): { count: number } {
  const seen = { count: 0 };
  l.client.on('packetsend', (packet: Packet) => void (packet.cmd === 'puback' && (seen.count += 1)));
  return seen;
}

describe.skipIf(!mosquittoAvailable())('external broker (Mosquitto)', () => {
  beforeAll(async () => {
    await directory.add(...SNS);
    authDir = await mkdtemp(path.join(os.tmpdir(), 'vf-mqtt-auth-'));
    mosquitto = await startMosquitto(await writeMosquittoAuthFiles(directory, { dir: authDir, platform }));
  });
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((c) => c.endAsync(true)));
    await Promise.all(links.splice(0).map((l) => l.close(0)));
  });
  afterAll(async () => {
    await mosquitto?.stop();
    await rm(authDir, { recursive: true, force: true });
  });

  test('Mosquitto logs devices and the platform in from our generated password file', async () => {
    const as = (username: string, password: string) =>
      connectOutcome(mosquitto.url, { clientId: `probe-${username}`, username, password, protocolVersion: 4 });
    expect(await as(A, directory.secret(A))).toBe('connected');
    expect(await as(A, directory.secret(B))).toContain('Not authorized');
    expect(await as('VFUNKNOWN01', directory.secret(A))).toContain('Not authorized');
    expect(await as(platform.username, platform.password)).toBe('connected');
    expect(await as(platform.username, `${platform.password}x`)).toContain('Not authorized');
  });

  test("the ACL keeps a device off other devices' topics; readings arrive and are acknowledged after commit", async () => {
    const sink = new TestSink();
    const l = await link('vf-test-acl', sink);
    const [a, b] = [await device(A), await device(B)];
    await a.publishAsync(`dev/${B}/up/reading`, readingJson(B, 1), { qos: 1 });
    await a.publishAsync(`dev/${A}/up/reading`, readingJson(A, 2), { qos: 1 });
    await waitFor(() => sink.committed.length === 1, "A's own reading");
    expect(sink.committed).toMatchObject([{ sn: A, seq: 2 }]);
    const a5 = await device(A, { protocolVersion: 5, clientId: `${A}v5` });
    await expect(a5.publishAsync(`dev/${B}/up/reading`, readingJson(B, 3), { qos: 1 })).rejects.toThrow(
      'Not authorized',
    );

    const heard: string[] = [];
    a.on('message', (topic) => heard.push(`A got ${topic}`));
    b.on('message', (topic) => heard.push(`B got ${topic}`));
    await a.subscribeAsync(['#', `dev/${B}/down/#`], { qos: 1 });
    await b.subscribeAsync(`dev/${B}/down/#`, { qos: 1 });
    expect(await l.send(B, { commandId: 'k1', type: 'readParameter', key: 'workMode' })).toBe('accepted');
    await waitFor(() => heard.length > 0, 'the command');
    await sleep(100);
    expect(heard).toEqual([`B got dev/${B}/down/cmd`]);
  });

  test('PUBACKs wait for the commit while messages keep flowing into one batch; unacked ones come back', async () => {
    const sink = new TestSink();
    sink.mode = 'hold';
    const first = await link('vf-test-hold', sink);
    const sent = pubacksSent(first);
    const a = await device(A);
    await Promise.all(
      [1, 2, 3, 4, 5].map((seq) => a.publishAsync(`dev/${A}/up/reading`, readingJson(A, seq), { qos: 1 })),
    );
    await waitFor(() => sink.pending === 5, 'five readings waiting together');
    await sleep(100);
    expect(sent.count).toBe(0);

    // The process dies before the commit: nothing was acknowledged, so the broker resends all five to the session.
    first.client.end(true);
    links.splice(links.indexOf(first), 1);
    sink.failWaiting();
    // The second process holds the redelivered five too, until its PUBACKs are being counted: the broker resends on
    // connect, and a commit before the count began hid its PUBACKs (seen once, with three test workers on two cores).
    const second = await link('vf-test-hold', sink);
    const resent = pubacksSent(second);
    await waitFor(() => sink.pending === 5, 'five redelivered readings waiting');
    expect(resent.count).toBe(0);
    sink.mode = 'auto';
    sink.commit();
    await waitFor(() => sink.committed.length === 5, 'redelivered readings');
    expect(sink.committed.map((c) => c.seq).sort()).toEqual([1, 2, 3, 4, 5]);
    await waitFor(() => resent.count === 5, 'five PUBACKs after the commit');
  });

  test('when a commit fails the link reconnects unacknowledged and the broker redelivers', async () => {
    const sink = new TestSink();
    sink.mode = 'fail';
    const l = await link('vf-test-fail', sink);
    const a = await device(A);
    await a.publishAsync(`dev/${A}/up/reading`, readingJson(A, 40), { qos: 1 });
    await waitFor(() => (l.counters.rejectedByReason['link.submitFailed'] ?? 0) > 0, 'a failed submit');
    sink.mode = 'auto';
    await waitFor(() => sink.committed.some((c) => c.seq === 40), 'the redelivered reading');
  });

  test('status messages and the last will report presence', async () => {
    const l = await link('vf-test-presence', new TestSink());
    const events: string[] = [];
    l.events.on('online', (d) => events.push(`online ${d.sn} ${d.id}`));
    l.events.on('offline', (d) => events.push(`offline ${d.sn}`));
    const will = {
      topic: `dev/${A}/up/status`,
      payload: Buffer.from('{"status":"offline"}'),
      qos: 1 as const,
      retain: false,
    };
    const a = await device(A, { will });
    await a.publishAsync(`dev/${A}/up/status`, '{"status":"online"}', { qos: 1 });
    await waitFor(() => events.length === 1, 'online');
    a.stream.destroy();
    await waitFor(() => events.length === 2, 'offline from the last will');
    expect(events).toEqual([`online ${A} 1`, `offline ${A}`]);
  });

  test('a burst of 2,000 readings from 50 devices reaches two processes sharing the subscription, complete', async () => {
    const sinks = [new TestSink(), new TestSink()];
    await link('vf-test-share-1', sinks[0]!);
    await link('vf-test-share-2', sinks[1]!);
    const clients = await Promise.all(SNS.map((sn) => device(sn)));
    const started = Date.now();
    await Promise.all(
      clients.flatMap((client, d) =>
        Array.from({ length: 40 }, (_, i) =>
          client.publishAsync(`dev/${SNS[d]}/up/reading`, readingJson(SNS[d]!, 1000 + i), { qos: 1 }),
        ),
      ),
    );
    const committed = () => sinks[0]!.committed.length + sinks[1]!.committed.length;
    await waitFor(() => committed() >= 2000, '2,000 readings', 30_000);
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `external burst: 2000 readings in ${seconds.toFixed(2)} s = ${Math.round(2000 / seconds)}/s; ` +
        `split ${sinks[0]!.committed.length}/${sinks[1]!.committed.length}; largest batch ${Math.max(sinks[0]!.maxWaiting, sinks[1]!.maxWaiting)}`,
    );
    const all = new Set([...sinks[0]!.distinct(), ...sinks[1]!.distinct()]);
    expect(all.size).toBe(2000);
    expect(sinks[0]!.committed.length).toBeGreaterThan(0);
    expect(sinks[1]!.committed.length).toBeGreaterThan(0);
    expect(Math.max(sinks[0]!.maxWaiting, sinks[1]!.maxWaiting)).toBeGreaterThan(1);
  });
});
