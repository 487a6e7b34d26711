import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminId,
  api,
  loginToken,
  makePlant,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';

// How many rules one account may own: every alarm is matched against the rules covering its plant, so they stay few.

let s: TestServer;
let owner = 0;
let plant = 0;
let token = '';

beforeAll(async () => {
  s = await startTestServer();
  const admin = await adminId(s.db);
  const role = await makeRole(s.db, 'LimitRuleManager', ['C', 'C/C', 'C/C:rule.add'], admin);
  owner = (await makeUser(s.db, { username: 'limitOwner', roleId: role, superiorId: admin })).id;
  plant = await makePlant(s.db, 'Limit_Plant', owner);
  token = await loginToken(s.app, 'limitOwner', 'Passw0rd-1');
});
afterAll(() => s.close());

const owned = async () =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notification_rules WHERE owner_id = $1`, [owner]))
    .rows[0]!.n;

describe('rules per account', () => {
  it('refuses the 101st rule of an account with a localised 409 and writes nothing', async () => {
    // Ninety-nine straight in the table (a hundred API calls would test nothing more), the hundredth by the API.
    await s.db.query(
      `INSERT INTO notification_rules (owner_id, name, all_plants, min_severity_rank, emails, channels, hourly_limit,
                                       daily_limit, recovery_notices, enabled)
       SELECT $1, 'Filler ' || g, true, 3, '{a@example.com}', '{email}', 1, 1, false, false
         FROM generate_series(1, 99) g`,
      [owner],
    );
    const rule = {
      name: 'Hundredth',
      allPlants: false,
      plantIds: [plant],
      minSeverity: 'major',
      emails: ['ops@example.com'],
      channels: ['email'],
      hourlyLimit: 5,
      dailyLimit: 20,
      recoveryNotices: true,
      enabled: true,
    };
    expect((await api(s.app, 'POST', '/api/notification-rules', { token, body: rule })).status).toBe(200);
    const res = await api(s.app, 'POST', '/api/notification-rules', {
      token,
      lang: 'de',
      body: { ...rule, name: 'One too many' },
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(
      'Ein Konto kann höchstens 100 Alarmregeln haben; löschen Sie zuerst nicht mehr benötigte Regeln',
    );
    expect(await owned()).toBe(100);
  });
});
