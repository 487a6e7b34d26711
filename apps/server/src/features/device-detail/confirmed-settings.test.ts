// The device detail shows the grid-connection limit and SOC lower limit the device last confirmed by read-back, and
// when (issue 38 point 6): issued over the real broker to a simulated inverter, never written to the device row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqttDevice, inverterCommands } from '@voltfleet/simulator';
import type { Command } from '@voltfleet/domain/commands';
import type { DeviceDetail } from '@voltfleet/domain/telemetry';
import { adminId, api, loginToken, makeRole, makeUser, startTestServer, type TestServer } from '../../test/harness.js';
import { generateDeviceSecret, hashDeviceSecret } from '../../link/device-secret.js';
import { startMqttBroker, type MqttBroker } from '../../link/mqtt-broker.js';
import { TestSink } from '../../link/test-support.js';
import { testSimInverter } from '../../test/sim-inverter.js';
import { deviceDirectory } from '../devices/device-directory.js';

let s: TestServer;
let broker: MqttBroker;
let detach: () => void;
let device: MqttDevice;
let token = '';
let deviceId = 0;
let key = 0;

const detail = async () =>
  (await api<DeviceDetail>(s.app, 'GET', `/api/devices/${deviceId}/detail`, { token })).body.data;

async function confirm(kind: string, value: number): Promise<Command> {
  const res = await api<{ commands: Command[] }>(s.app, 'POST', '/api/commands', {
    token,
    body: { idempotencyKey: `confirm-${++key}`, deviceIds: [deviceId], kind, value },
  });
  expect(res.status).toBe(200);
  const id = res.body.data.commands[0]!.id;
  let command: Command | undefined;
  await expect
    .poll(
      async () => {
        command = (await api<Command>(s.app, 'GET', `/api/commands/${id}`, { token })).body.data;
        return command.status;
      },
      { timeout: 5000 },
    )
    .toBe('succeeded');
  return command!;
}

beforeAll(async () => {
  s = await startTestServer();
  broker = await startMqttBroker({
    port: 0,
    host: '127.0.0.1',
    directory: deviceDirectory(s.db),
    sink: new TestSink(),
  });
  detach = s.app.commands.attach(broker, { offlineSeconds: 300, pollMs: 100 });
  const role = await makeRole(s.db, 'confirmedViewer', ['B', 'B/A', 'B/E', 'B/E:command.issue', 'D', 'D/C']);
  const user = await makeUser(s.db, { username: 'confirmedA', roleId: role, superiorId: await adminId(s.db) });
  const secret = generateDeviceSecret();
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, secret_hash, activated_at, last_seen_at)
     VALUES ('VFCONF0001', 'inverter', '10K', $1, $2, now(), now()) RETURNING id`,
    [user.id, await hashDeviceSecret(secret)],
  );
  deviceId = rows[0]!.id;
  device = new MqttDevice({
    url: `mqtt://127.0.0.1:${broker.port}`,
    sn: 'VFCONF0001',
    secret,
    onCommand: inverterCommands(testSimInverter('VFCONF0001')),
  });
  await device.start();
  token = await loginToken(s.app, 'confirmedA', 'Passw0rd-1');
});

afterAll(async () => {
  await device.close();
  detach();
  await broker.close();
  await s.close();
});

describe('the device detail shows the settings the device last confirmed', () => {
  it('shows nothing before the device confirmed a value', async () => {
    expect(await detail()).toMatchObject({ gridConnectionLimitW: null, socLowerLimitPct: null });
  });

  it('shows each confirmed value with the time it was confirmed, and the newest one after a change', async () => {
    const before = Date.now();
    await confirm('gridConnectionLimitW', 6000);
    await confirm('socLowerLimitPct', 25);
    const first = await detail();
    expect(first.gridConnectionLimitW?.value).toBe(6000);
    expect(first.socLowerLimitPct?.value).toBe(25);
    for (const setting of [first.gridConnectionLimitW!, first.socLowerLimitPct!]) {
      const at = Date.parse(setting.confirmedAt);
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    }
    await confirm('socLowerLimitPct', 40);
    const second = await detail();
    expect(second.socLowerLimitPct?.value).toBe(40);
    expect(Date.parse(second.socLowerLimitPct!.confirmedAt)).toBeGreaterThanOrEqual(
      Date.parse(first.socLowerLimitPct!.confirmedAt),
    );
    expect(second.gridConnectionLimitW).toEqual(first.gridConnectionLimitW);
  });
});
