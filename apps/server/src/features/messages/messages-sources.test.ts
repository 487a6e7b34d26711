import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { CommandAck } from '@voltfleet/domain/protocol';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import type { Message } from '@voltfleet/domain/notices';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makePlant,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { CommandDispatcher } from '../commands/command-dispatcher.js';
import { sweepAndTell } from '../commands/commands.job.js';
import { insertCommands } from '../commands/commands.repository.js';
import { settleDeviceUpgrades } from '../firmware/firmware-upgrade.service.js';
import { postMessages } from './messages.service.js';

let s: TestServer;
const users = { a: 0, b: 0, disabled: 0 };
const tokens = { admin: '', a: '', b: '' };
let device = 0;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  users.a = (await makeUser(s.db, { username: 'senderA', roleId: dealer, superiorId: root })).id;
  users.b = (await makeUser(s.db, { username: 'senderB', roleId: dealer, superiorId: root })).id;
  users.disabled = (await makeUser(s.db, { username: 'gone', roleId: dealer, superiorId: root })).id;
  await s.db.query(`UPDATE users SET enabled = false WHERE id = $1`, [users.disabled]);
  const plant = await makePlant(s.db, 'Msg_plant', users.a);
  device = (
    await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ('VFMSG0001', 'inverter', '10K', $1, $2)
       RETURNING id`,
      [users.a, plant],
    )
  ).rows[0]!.id;
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  tokens.a = await loginToken(s.app, 'senderA', 'Passw0rd-1');
  tokens.b = await loginToken(s.app, 'senderB', 'Passw0rd-1');
});
afterAll(() => s.close());
beforeEach(async () => {
  // Each test sees only its own commands: the sweep would end an earlier test's open one too.
  await s.db.query(`DELETE FROM messages`);
  await s.db.query(`DELETE FROM commands`);
});

const inbox = async (who: 'a' | 'b' | 'admin') =>
  (await api<{ items: Message[] }>(s.app, 'GET', '/api/messages?pageSize=200', { token: tokens[who] })).body.data.items;

/** A command of user A as the command page stores it, in the given state. */
async function command(kind: string, status: string, wireId: string): Promise<number> {
  const { rows } = await s.db.query<{ id: string }>(
    `INSERT INTO commands (wire_id, device_id, user_id, username, kind, category, parameters, status, idempotency_key,
                           sent_at, expires_at)
     VALUES ($1, $2, $3, 'senderA', $4, 'remote', '{}', $5, $1, now() - interval '1 hour', now() + interval '1 hour')
     RETURNING id`,
    [wireId, device, users.a, kind, status],
  );
  return Number(rows[0]!.id);
}

describe('a command reaching its final state tells its sender', () => {
  it('a device refusing it: failed, with the reason, in the answer’s transaction', async () => {
    const id = await command('powerOn', 'sent', 'w-failed');
    const dispatcher = new CommandDispatcher(s.db, () => undefined, quiet);
    await dispatcher.handleAck(
      { id: device, sn: 'VFMSG0001' },
      { commandId: 'w-failed', ok: false, reason: 'notAllowed' },
    );
    const [message] = await inbox('a');
    expect(message).toMatchObject({
      kind: 'command',
      event: 'failed',
      params: { commandId: id, deviceSn: 'VFMSG0001', commandKind: 'powerOn', state: 'failed', reason: 'notAllowed' },
      link: '/deviceCenter/commandIssue',
      readAt: null,
    });
    expect(await inbox('b')).toEqual([]);
  });

  it('an acknowledgement that is not final says nothing yet', async () => {
    await command('restart', 'sent', 'w-ack');
    const dispatcher = new CommandDispatcher(s.db, () => undefined, quiet);
    await dispatcher.handleAck({ id: device, sn: 'VFMSG0001' }, { commandId: 'w-ack', ok: true });
    expect(await inbox('a')).toEqual([]);
  });

  it.each([
    ['expired', `UPDATE commands SET status = 'queued', expires_at = now() - interval '1 second' WHERE id = $1`],
    ['timed_out', `UPDATE commands SET sent_at = now() - interval '1 hour' WHERE id = $1`],
  ])('the sweep: %s', async (state, sql) => {
    const id = await command('clockSync', 'sent', `w-${state}`);
    await s.db.query(sql, [id]);
    const changes = await sweepAndTell(s.db, 60);
    expect(changes.map((c) => [c.id, c.status])).toContainEqual([id, state]);
    expect((await inbox('a')).map((m) => [m.event, m.params.commandId])).toEqual([[state, id]]);
  });

  it('not for a firmware upgrade’s carrying command (the upgrade says it)', async () => {
    const id = await command('firmwareUpgrade', 'queued', 'w-fw');
    await s.db.query(`UPDATE commands SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    await sweepAndTell(s.db, 60);
    expect(await inbox('a')).toEqual([]);
  });
});

// Issue 36, point 8: a command to ten devices tells its sender once, when all ten have settled, with the counts.
describe('a command to several devices tells its sender once', () => {
  const SERIALS = Array.from({ length: 10 }, (_, i) => `VFMSGB${String(i + 1).padStart(4, '0')}`);
  const batchDevices: number[] = [];

  /** The batch as the issue route stores it (the real insert), every command sent and awaiting its answer. */
  async function issueBatch(key: string): Promise<{ wireIds: string[]; createdAt: Date }> {
    if (batchDevices.length === 0)
      for (const sn of SERIALS)
        batchDevices.push(
          (
            await s.db.query<{ id: number }>(
              `INSERT INTO devices (sn, kind, model, owner_id) VALUES ($1, 'inverter', '10K', $2) RETURNING id`,
              [sn, users.a],
            )
          ).rows[0]!.id,
        );
    const wireIds = SERIALS.map((sn) => `${key}-${sn}`);
    const commands = batchDevices.map((deviceId, i) => ({
      wireId: wireIds[i]!,
      deviceId,
      kind: 'workMode' as const,
      category: 'parameter' as const,
      parameters: { workMode: 4 },
    }));
    await insertCommands(s.db, { id: users.a, username: 'senderA', ip: null }, key, 10, commands);
    const { rows } = await s.db.query<{ created_at: Date }>(
      `UPDATE commands SET status = 'sent', sent_at = now() WHERE idempotency_key = $1 RETURNING created_at`,
      [key],
    );
    return { wireIds, createdAt: rows[0]!.created_at };
  }

  it('when the last of them settles: "9 succeeded, 1 failed", leading to the batch\'s records', async () => {
    const { wireIds, createdAt } = await issueBatch('batch-1');
    const dispatcher = new CommandDispatcher(s.db, () => undefined, quiet);
    for (const [i, wireId] of wireIds.entries()) {
      const answer: CommandAck =
        i === 3
          ? { commandId: wireId, ok: false, reason: 'notAllowed' }
          : { commandId: wireId, ok: true, values: { workMode: 4 } };
      await dispatcher.handleAck({ id: batchDevices[i]!, sn: SERIALS[i]! }, answer);
      // Nothing while any device of the batch is still open; never a message per device.
      if (i < wireIds.length - 1) expect(await inbox('a'), `after ${i + 1} answers`).toEqual([]);
    }
    const messages = await inbox('a');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      kind: 'command',
      event: 'batch',
      params: { commandKind: 'workMode', total: 10, succeeded: 9, failed: 1, timedOut: 0, expired: 0 },
    });
    // The link opens the control records of this batch alone.
    const link = new URL(messages[0]!.link!, 'http://x');
    expect(link.pathname).toBe('/userCenter/contralRecord');
    const q = Object.fromEntries(link.searchParams);
    expect(q).toMatchObject({ userId: String(users.a), kind: 'workMode' });
    expect(Date.parse(q.from!)).toBeLessThanOrEqual(createdAt.getTime());
    expect(Date.parse(q.to!)).toBeGreaterThanOrEqual(createdAt.getTime());
    // Another sweep tells nobody again.
    await sweepAndTell(s.db, 60);
    expect(await inbox('a')).toHaveLength(1);
  });

  it('a batch whose last commands settled without telling (two at once) is told by the next sweep, once', async () => {
    await issueBatch('batch-2');
    // As if two transactions each settled a last command while the other's was still open: settled, untold.
    await s.db.query(
      `UPDATE commands SET status = CASE WHEN device_id = $2 THEN 'failed' ELSE 'succeeded' END, finished_at = now()
        WHERE idempotency_key = $1`,
      ['batch-2', batchDevices[0]!],
    );
    expect(await inbox('a')).toEqual([]);
    await sweepAndTell(s.db, 60);
    await sweepAndTell(s.db, 60);
    expect((await inbox('a')).map((m) => [m.event, m.params.succeeded, m.params.failed])).toEqual([['batch', 9, 1]]);
  });
});

describe('an upgrade settling tells the user who started it', () => {
  it('failed when the restart wait ends without the version', async () => {
    const { rows } = await s.db.query<{ id: number }>(
      `INSERT INTO device_upgrades (device_id, kind, from_version, target_version, user_id, restart_until)
       VALUES ($1, 'PCU', '3.0.0', '4.1.0', $2, now() - interval '1 minute') RETURNING id`,
      [device, users.a],
    );
    const settled = await settleDeviceUpgrades(s.db);
    expect(settled.map((u) => u.id)).toEqual([rows[0]!.id]);
    expect(await inbox('a')).toMatchObject([
      {
        kind: 'upgrade',
        event: 'failed',
        params: { upgradeId: rows[0]!.id, deviceSn: 'VFMSG0001', firmwareKind: 'PCU', version: '4.1.0' },
        link: '/deviceCenter/commandIssue',
      },
    ]);
  });
});

describe('an upgrade notice', () => {
  const words = (lang: string) => ({ title: `Version 3 (${lang})`, body: `Text (${lang})` });
  const input = {
    version: '3.0.0',
    date: '2026-11-26',
    texts: { zh: words('zh'), en: words('en'), cs: words('cs'), de: words('de') },
  };

  it('gives every enabled user a message when published, and takes them back when withdrawn', async () => {
    const res = await api<{ id: number }>(s.app, 'POST', '/api/notices', { token: tokens.admin, body: input });
    expect(res.status, res.body.msg).toBe(200);
    for (const who of ['a', 'b', 'admin'] as const)
      expect(await inbox(who)).toMatchObject([
        {
          kind: 'notice',
          event: 'published',
          params: { noticeId: res.body.data.id, version: '3.0.0' },
          link: '/notices',
        },
      ]);
    const disabled = await s.db.query(`SELECT 1 FROM messages WHERE user_id = $1`, [users.disabled]);
    expect(disabled.rows).toEqual([]);

    await api(s.app, 'DELETE', `/api/notices/${res.body.data.id}`, { token: tokens.admin });
    expect(await inbox('a')).toEqual([]);
  });
});

describe('the live unread count', () => {
  /** Opens the live socket and collects what arrives. */
  async function connect(token: string) {
    const messages: LiveMessage[] = [];
    const ws: WebSocket = await s.app.injectWS(
      '/api/ws',
      { headers: { token } },
      { onInit: (socket) => socket.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage)) },
    );
    await expect.poll(() => messages.some((m) => m.type === 'hello')).toBe(true);
    const counts = () => messages.flatMap((m) => (m.type === 'unread' ? [m.count] : []));
    return { ws, counts };
  }

  it('reaches only the addressed user’s tabs, after the commit, and follows read and delete in every tab', async () => {
    const a1 = await connect(tokens.a);
    const a2 = await connect(tokens.a);
    const b = await connect(tokens.b);

    // A rolled-back post is never heard.
    await s.db
      .transaction(async (tx) => {
        await postMessages(tx, [{ userId: users.a, kind: 'alarm', event: 'raised', params: {}, link: null }]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await s.db.transaction((tx) =>
      postMessages(tx, [
        { userId: users.a, kind: 'alarm', event: 'raised', params: { alarmId: 1 }, link: null },
        { userId: users.a, kind: 'alarm', event: 'recovered', params: { alarmId: 1 }, link: null },
      ]),
    );
    await expect.poll(() => a1.counts()).toEqual([2]);
    await expect.poll(() => a2.counts()).toEqual([2]);

    const [newest] = await inbox('a');
    await api(s.app, 'POST', '/api/messages/read', { token: tokens.a, body: { ids: [newest!.id] } });
    await expect.poll(() => a2.counts()).toEqual([2, 1]);
    await api(s.app, 'POST', '/api/messages/delete', { token: tokens.a, body: { ids: [(await inbox('a'))[1]!.id] } });
    await expect.poll(() => a1.counts()).toEqual([2, 1, 0]);

    // A command outcome: B's tab hears nothing of A's, and nothing at all so far.
    await command('powerOff', 'sent', 'w-live');
    await new CommandDispatcher(s.db, () => undefined, quiet).handleAck(
      { id: device, sn: 'VFMSG0001' },
      { commandId: 'w-live', ok: false, reason: 'notAllowed' },
    );
    await expect.poll(() => a1.counts()).toEqual([2, 1, 0, 1]);
    expect(b.counts()).toEqual([]);

    for (const socket of [a1, a2, b]) socket.ws.terminate();
  });
});
