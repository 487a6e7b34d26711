import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeviceCredentials, StockInResult } from '@voltfleet/domain/devices';
import { TEST_ADMIN_PASSWORD, api, loginToken, startTestServer, type TestServer } from '../../test/harness.js';
import { verifyDeviceSecret } from '../../link/device-secret.js';

let s: TestServer;
let dir: string;
let token: string;
let fakeBroker: ChildProcess;
let hangups = 0;

// Stands in for Mosquitto: a process that counts the SIGHUPs (reloads) it gets.
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-sync-'));
  fakeBroker = spawn(process.execPath, [
    '-e',
    "process.on('SIGHUP', () => console.log('hup')); setInterval(() => {}, 1000)",
  ]);
  fakeBroker.stdout!.on('data', (chunk: Buffer) => (hangups += chunk.toString().split('hup').length - 1));
  await new Promise((resolve) => setTimeout(resolve, 300));
  await writeFile(path.join(dir, 'mosquitto.pid'), `${fakeBroker.pid}\n`);
  s = await startTestServer({
    MQTT_URL: 'mqtt://voltfleet-platform:platform-secret@127.0.0.1:1',
    MOSQUITTO_AUTH_DIR: dir,
    MOSQUITTO_PID_FILE: path.join(dir, 'mosquitto.pid'),
  });
  token = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  fakeBroker?.kill('SIGKILL');
  await s?.close();
  await rm(dir, { recursive: true, force: true });
});

const passwordLine = async (sn: string) =>
  (await readFile(path.join(dir, 'passwords'), 'utf8')).split('\n').find((l) => l.startsWith(`${sn}:`));

it('rewrites the external broker password file after stock-in and rotation, and tells the broker to reload', async () => {
  const created = await api<StockInResult>(s.app, 'POST', '/api/device-storage', {
    token,
    body: { sn: 'VFSYNC000001', kind: 'inverter', modelType: '10K' },
  });
  const first = created.body.data.credentials!;
  const line = await passwordLine('VFSYNC000001');
  expect(await verifyDeviceSecret(first.secret, line!.split(':')[1]!)).toBe(true);
  expect(await readFile(path.join(dir, 'acl'), 'utf8')).toContain('pattern write dev/%u/up/#');
  expect(await readFile(path.join(dir, 'passwords'), 'utf8')).toMatch(/^voltfleet-platform:\$7\$/);

  const rotated = await api<DeviceCredentials>(
    s.app,
    'POST',
    `/api/device-storage/${created.body.data.device.id}/rotate-credentials`,
    { token },
  );
  const hash = (await passwordLine('VFSYNC000001'))!.split(':')[1]!;
  expect(await verifyDeviceSecret(rotated.body.data.secret, hash)).toBe(true);
  expect(await verifyDeviceSecret(first.secret, hash)).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(hangups).toBe(2);
});
