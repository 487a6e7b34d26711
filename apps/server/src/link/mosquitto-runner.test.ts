import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { brokerPort, mosquittoAvailable, startMosquitto, type MosquittoProcess } from './mosquitto-runner.js';

/*
 * The test broker's start: it reports Mosquitto ready only when Mosquitto's own process listens. A port that
 * answers for somebody else (another suite's server took it in between) once let a test talk to the wrong process
 * for five minutes.
 */

const MOSQUITTO = mosquittoAvailable() || Boolean(process.env.CI);
const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyAuthFiles() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vf-mosquitto-runner-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const files = { passwordFile: path.join(dir, 'passwords'), aclFile: path.join(dir, 'acl') };
  await writeFile(files.passwordFile, '', { mode: 0o600 });
  await writeFile(files.aclFile, '', { mode: 0o600 });
  return files;
}

async function holdPort(port: number): Promise<Server> {
  const server = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return server;
}

describe.skipIf(!MOSQUITTO)('startMosquitto', () => {
  it('refuses a named port somebody else listens on, although the port answers', async () => {
    const port = await brokerPort();
    await holdPort(port);
    await expect(startMosquitto(await emptyAuthFiles(), [], { port })).rejects.toThrow(/Address already in use/);
  });

  it('listens on a port below the ephemeral range, and again on it after a stop', async () => {
    const files = await emptyAuthFiles();
    let broker: MosquittoProcess = await startMosquitto(files);
    cleanups.push(() => broker.stop());
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/);
    expect(broker.port).toBeLessThan(Number(low));
    const port = broker.port;
    await broker.stop();
    broker = await startMosquitto(files, [], { port });
    expect(broker.port).toBe(port);
  });
});
