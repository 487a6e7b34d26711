/**
 * Test fixture of the Alarm Center tests: a small world of users, plants and devices in two branches, and alarms
 * written straight into the tables (the engine is tested elsewhere; here the rows must be exactly as the cases say).
 */
import type { AlarmState } from '@voltfleet/domain/alarms';
import {
  alarmByCode,
  severityRank,
  unknownAlarm,
  isUnknownAlarmCode,
  UNKNOWN_ALARM_PREFIX,
} from '@voltfleet/domain/alarms';
import type { Db } from '../../db/db.js';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeRole,
  makeUser,
  startTestServer,
  type ApiAnswer,
  type TestServer,
} from '../../test/harness.js';

export async function insertPlant(db: Db, name: string, ownerId: number, timeZone: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
     VALUES ($1, 1, 10, 14.4, 50.1, $2, $3) RETURNING id`,
    [name, timeZone, ownerId],
  );
  return rows[0]!.id;
}

export async function insertDevice(db: Db, sn: string, ownerId: number, plantId: number | null): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at)
     VALUES ($1, 'inverter', '10K', $2, $3, now()) RETURNING id`,
    [sn, ownerId, plantId],
  );
  return rows[0]!.id;
}

export interface AlarmInput {
  deviceId: number;
  /** Defaults to the device's plant. */
  plantId?: number | null;
  code: string;
  deviceCode?: number | null;
  raisedAt: string;
  recoveredAt?: string | null;
  lastSeenAt?: string;
  flapping?: boolean;
  flaps?: number;
  ack?: { at: string; by: number; note?: string | null };
}

/** One alarm row (group and severity from the catalogue) with its raised, recovered and acknowledged events. */
export async function insertAlarm(db: Db, a: AlarmInput): Promise<number> {
  const entry =
    alarmByCode(a.code) ??
    unknownAlarm(isUnknownAlarmCode(a.code) ? Number(a.code.slice(UNKNOWN_ALARM_PREFIX.length)) : 0);
  const state: AlarmState = a.recoveredAt ? 'recovered' : 'active';
  const { rows } = await db.query<{ id: string | number }>(
    `INSERT INTO alarms (device_id, plant_id, code, device_code, group_name, severity, severity_rank, state,
                         raised_at, last_seen_at, recovered_at, flaps, flapping, acknowledged_at, acknowledged_by, ack_note)
     SELECT d.id, CASE WHEN $15::boolean THEN $2::int ELSE d.plant_id END, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
            $13, $14, $16, $17
       FROM devices d WHERE d.id = $1
     RETURNING id`,
    [
      a.deviceId,
      a.plantId ?? null,
      a.code,
      a.deviceCode ?? null,
      entry.group,
      entry.severity,
      severityRank(entry.severity),
      state,
      a.raisedAt,
      a.lastSeenAt ?? a.recoveredAt ?? a.raisedAt,
      a.recoveredAt ?? null,
      a.flaps ?? 0,
      a.flapping ?? false,
      a.ack?.at ?? null,
      a.plantId !== undefined,
      a.ack?.by ?? null,
      a.ack?.note ?? null,
    ],
  );
  const id = Number(rows[0]!.id);
  await db.query(`INSERT INTO alarm_events (alarm_id, at, kind) VALUES ($1, $2, 'raised')`, [id, a.raisedAt]);
  if (a.ack)
    await db.query(
      `INSERT INTO alarm_events (alarm_id, at, kind, user_id, note) VALUES ($1, $2, 'acknowledged', $3, $4)`,
      [id, a.ack.at, a.ack.by, a.ack.note ?? null],
    );
  if (a.recoveredAt)
    await db.query(`INSERT INTO alarm_events (alarm_id, at, kind) VALUES ($1, $2, 'recovered')`, [id, a.recoveredAt]);
  return id;
}

/**
 * admin ─┬─ dealerA ── "Prague roof" (Europe/Prague): PRG1, PRG2; "上海 屋顶" (Asia/Shanghai): SHA1
 *        │     └─ ownerA (personal role) owns nothing; affiliated to nothing
 *        └─ dealerB ── "Berlin barn" (Europe/Berlin): BER1
 * Plus roles: deviceList (B, B/A), plantsOnly (A, A/A), viewer (C, C/A, C/B: no export, no acknowledge), nothing (D).
 */
export interface AlarmWorld {
  s: TestServer;
  users: Record<
    'admin' | 'dealerA' | 'dealerB' | 'ownerA' | 'deviceList' | 'plantsOnly' | 'viewer' | 'nothing',
    number
  >;
  plants: Record<'prague' | 'shanghai' | 'berlin', number>;
  devices: Record<'PRG1' | 'PRG2' | 'SHA1' | 'BER1', number>;
  tokens: Record<keyof AlarmWorld['users'], string>;
  /** GET as a user, in a language. */
  get<T>(user: keyof AlarmWorld['users'], url: string, lang?: string): Promise<ApiAnswer<T>>;
  post<T>(user: keyof AlarmWorld['users'], url: string, body: unknown, lang?: string): Promise<ApiAnswer<T>>;
  /** Writes an alarm and drops any cached overview. */
  alarm(a: AlarmInput): Promise<number>;
}

export async function alarmWorld(prefix: string): Promise<AlarmWorld> {
  const s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const personal = await builtinRoleId(s.db, 'personal');
  const role = (name: string, codes: string[]) => makeRole(s.db, `${prefix}${name}`, codes, root);
  const deviceListRole = await role('DeviceList', ['B', 'B/A']);
  const plantsOnlyRole = await role('PlantsOnly', ['A', 'A/A']);
  const viewerRole = await role('Viewer', ['C', 'C/A', 'C/B']);
  const nothingRole = await role('Nothing', ['D', 'D/A']);
  const user = async (name: string, roleId: number, superiorId: number) =>
    (await makeUser(s.db, { username: `${prefix}${name}`, roleId, superiorId })).id;
  const dealerA = await user('dealerA', dealer, root);
  const dealerB = await user('dealerB', dealer, root);
  const users = {
    admin: root,
    dealerA,
    dealerB,
    ownerA: await user('ownerA', personal, dealerA),
    deviceList: await user('deviceList', deviceListRole, dealerA),
    plantsOnly: await user('plantsOnly', plantsOnlyRole, dealerA),
    viewer: await user('viewer', viewerRole, dealerA),
    nothing: await user('nothing', nothingRole, dealerA),
  };
  const plants = {
    prague: await insertPlant(s.db, `${prefix} Prague roof`, dealerA, 'Europe/Prague'),
    shanghai: await insertPlant(s.db, `${prefix} 上海 屋顶`, dealerA, 'Asia/Shanghai'),
    berlin: await insertPlant(s.db, `${prefix} Berlin barn`, dealerB, 'Europe/Berlin'),
  };
  const devices = {
    PRG1: await insertDevice(s.db, `${prefix}PRG1`, dealerA, plants.prague),
    PRG2: await insertDevice(s.db, `${prefix}PRG2`, dealerA, plants.prague),
    SHA1: await insertDevice(s.db, `${prefix}SHA1`, dealerA, plants.shanghai),
    BER1: await insertDevice(s.db, `${prefix}BER1`, dealerB, plants.berlin),
  };
  const tokens = {} as AlarmWorld['tokens'];
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  for (const name of Object.keys(users) as (keyof typeof users)[])
    if (name !== 'admin') tokens[name] = await loginToken(s.app, `${prefix}${name}`, 'Passw0rd-1');
  return {
    s,
    users,
    plants,
    devices,
    tokens,
    get: (u, url, lang = 'en') => api(s.app, 'GET', url, { token: tokens[u], lang }),
    post: (u, url, body, lang = 'en') => api(s.app, 'POST', url, { token: tokens[u], body, lang }),
    alarm: async (a) => {
      const id = await insertAlarm(s.db, a);
      s.app.alarmCaches.clear();
      return id;
    },
  };
}
