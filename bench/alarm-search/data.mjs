// The alarm-search benchmark's data: a migrated database with a user tree of three branches, 200 plants in eight time
// zones, 2,000 inverters and `alarms` alarms written by one INSERT … SELECT over generate_series (never through the
// engine). Deterministic in shape (seeded random()), realistic in distribution:
//
// - users: admin → three dealers (branches: north ≈ 60 % of the plants, south ≈ 35 %, small ≈ 5 %) → two installers
//   each → two owners each; every plant belongs to an owner, every inverter to its plant's owner.
// - raised_at over the last 13 months, more of them recent (the fleet grows); a few devices raise most alarms (the
//   device is drawn with a power law), from any plant.
// - codes from the catalogue, weighted: warning ≈ 12 %, minor ≈ 30 %, major ≈ 45 % (+ ≈ 7 % "no data" and ≈ 1 %
//   "unknown code N"), critical ≈ 5 %; within a severity a few codes are much more common than the rest.
// - ≈ 2 % active (the newest alarm of a device and code, mostly of the last 30 days: the one-active index holds),
//   the rest recovered after a minute to two days (log-uniform); ≈ 35 % of the recovered and 20 % of the active
//   acknowledged by one of four users, some with a note; ≈ 1 % flapping.
import { ROOT } from '../support.mjs';

export const PLANTS = 200;
export const DEVICES = 2000;
export const PASSWORD = 'Bench-Search-1';

export const ZONES = [
  ['Europe/Prague', ['Brno', 'Ostrava', 'Plzeň', 'Olomouc', 'Liberec']],
  ['Europe/Berlin', ['Dresden', 'Leipzig', 'Freiburg', 'Augsburg']],
  ['Asia/Shanghai', ['Suzhou', 'Hangzhou', 'Wuxi', 'Ningbo', 'Hefei', 'Changzhou']],
  ['Australia/Sydney', ['Newcastle', 'Wollongong', 'Dubbo']],
  ['America/New_York', ['Albany', 'Trenton', 'Hartford']],
  ['America/Sao_Paulo', ['Campinas', 'Santos', 'Sorocaba']],
  ['Africa/Johannesburg', ['Pretoria', 'Polokwane']],
  ['Asia/Kolkata', ['Pune', 'Nagpur', 'Jaipur']],
];
const KINDS = ['Solar Park', 'Rooftop PV', 'Storage', 'Farm PV', 'Depot PV'];
export const BRANCHES = ['north', 'south', 'small'];

/** Plant `p`'s branch: small 1 in 20 plants, south 7 in 20, north the rest. */
export const branchOf = (p) => (p % 20 === 7 ? 'small' : p % 20 < 8 ? 'south' : 'north');

/** A deterministic number in [0, 1) for (i, salt). */
function unit(i, salt) {
  let h = Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 7, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 2 ** 32;
}

/** The 1,000 code slots an alarm draws from (code, device code, group, severity, rank). */
async function codeSlots() {
  const { ALARM_CATALOGUE, DEVICE_FAULT_CODES, NO_DATA_ALARM_CODE, severityRank, unknownAlarm } = await import(
    `${ROOT}/packages/domain/dist/alarms/index.js`
  );
  const deviceCode = new Map();
  for (const row of DEVICE_FAULT_CODES) if (!deviceCode.has(row.alarm)) deviceCode.set(row.alarm, row.code);
  const share = { critical: 50, major: 450, minor: 300, warning: 120 };
  const slots = [];
  const put = (entry, code, n) => {
    for (let k = 0; k < n; k++)
      slots.push({ code: entry.code, deviceCode: code, group: entry.group, severity: entry.severity });
  };
  for (const [severity, total] of Object.entries(share)) {
    const entries = ALARM_CATALOGUE.filter((e) => e.severity === severity && e.code !== NO_DATA_ALARM_CODE);
    // Zipf-like: the r-th most common code of a severity ∝ 1 / (r + 1).
    const weights = entries.map((_, r) => 1 / (r + 1));
    const sum = weights.reduce((a, b) => a + b, 0);
    let left = total;
    entries.forEach((e, r) => {
      const n = r === entries.length - 1 ? left : Math.max(1, Math.round((total * weights[r]) / sum));
      put(e, deviceCode.get(e.code) ?? null, Math.min(n, left));
      left -= Math.min(n, left);
    });
  }
  put(
    ALARM_CATALOGUE.find((e) => e.code === NO_DATA_ALARM_CODE),
    null,
    70,
  );
  for (const n of [849, 900, 977, 1017, 1200]) put(unknownAlarm(n), n, 2);
  while (slots.length < 1000) put(slots[slots.length % 37], slots[slots.length % 37].deviceCode, 1);
  return slots.slice(0, 1000).map((s) => ({ ...s, rank: severityRank(s.severity) }));
}

async function insertUser(db, { username, name, level, roleKey, superior, hash }) {
  const { rows } = await db.query(
    `INSERT INTO users (username, password_hash, name, code, level, role_id, superior_id, path)
     SELECT $1, $2, $3, $4, $5, r.id, $6, '' FROM roles r WHERE r.builtin_key = $7 RETURNING id`,
    [username, hash, name, `UB${username}`, level, superior.id, roleKey],
  );
  const id = rows[0].id;
  const path = `${superior.path}${id}/`;
  await db.query(`UPDATE users SET path = $2 WHERE id = $1`, [id, path]);
  return { id, path, username };
}

/**
 * Users, plants and devices (`db` migrated and seeded with admin; `hashPassword` the server's; PLANTS and DEVICES
 * unless given). Returns the users
 * (with their plants and devices in scope), the plants and the devices.
 */
export async function prepareFleet(db, hashPassword, { plantCount = PLANTS, deviceCount = DEVICES } = {}) {
  const hash = await hashPassword(PASSWORD);
  const admin = (await db.query(`SELECT id, path FROM users WHERE username = 'admin'`)).rows[0];
  const users = { admin: { ...admin, username: 'admin' } };
  const owners = {};
  for (const branch of BRANCHES) {
    const dealer = await insertUser(db, {
      username: `dealer-${branch}`,
      name: `Dealer ${branch}`,
      level: 1,
      roleKey: 'dealer',
      superior: users.admin,
      hash,
    });
    users[`dealer-${branch}`] = dealer;
    owners[branch] = [];
    for (let i = 0; i < 2; i++) {
      const installer = await insertUser(db, {
        username: `installer-${branch}-${i}`,
        name: `Installer ${branch} ${i}`,
        level: 2,
        roleKey: 'engineering',
        superior: dealer,
        hash,
      });
      for (let j = 0; j < 2; j++)
        owners[branch].push(
          await insertUser(db, {
            username: `owner-${branch}-${i}-${j}`,
            name: `Owner ${branch} ${i}.${j}`,
            level: 3,
            roleKey: 'personal',
            superior: installer,
            hash,
          }),
        );
    }
  }
  const plants = Array.from({ length: plantCount }, (_, p) => {
    const [zone, cities] = ZONES[p % ZONES.length];
    const city = cities[Math.floor(p / ZONES.length) % cities.length];
    const branch = branchOf(p);
    return {
      index: p,
      name: `${city} ${KINDS[p % KINDS.length]} ${p + 1}`,
      zone,
      branch,
      owner: owners[branch][p % owners[branch].length],
    };
  });
  const { rows: plantRows } = await db.query(
    `INSERT INTO plants (name, type, power_kw, capacity_kwh, longitude, latitude, time_zone, owner_id)
     SELECT name, 1 + (n % 3), 50 + n % 400, 100, 14 + n % 20, 48 + n % 10, zone, owner
       FROM unnest($1::text[], $2::text[], $3::int4[]) WITH ORDINALITY AS p(name, zone, owner, n)
     ORDER BY n RETURNING id`,
    [plants.map((p) => p.name), plants.map((p) => p.zone), plants.map((p) => p.owner.id)],
  );
  plants.forEach((p, i) => (p.id = plantRows[i].id));
  // Plant sizes vary: more inverters in the first plants of each branch's list (power law), none empty.
  const devicePlant = Array.from({ length: deviceCount }, (_, i) =>
    i < plantCount ? i : Math.floor(plantCount * unit(i, 1) ** 1.4),
  );
  const { rows: deviceRows } = await db.query(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at)
     SELECT sn, 'inverter', 'VF-10K', owner, plant, now() - interval '400 days'
       FROM unnest($1::text[], $2::int4[], $3::int4[]) WITH ORDINALITY AS d(sn, owner, plant, n)
     ORDER BY n RETURNING id`,
    [
      devicePlant.map((_, i) => `VFAS${String(i).padStart(6, '0')}`),
      devicePlant.map((p) => plants[p].owner.id),
      devicePlant.map((p) => plants[p].id),
    ],
  );
  const devices = deviceRows.map((r, i) => ({
    id: r.id,
    sn: `VFAS${String(i).padStart(6, '0')}`,
    plant: plants[devicePlant[i]],
  }));
  for (const [key, user] of Object.entries(users)) {
    const branch = key.startsWith('dealer-') ? key.slice('dealer-'.length) : undefined;
    user.plants = plants.filter((p) => !branch || p.branch === branch);
    user.devices = devices.filter((d) => !branch || d.plant.branch === branch);
  }
  return { users, plants, devices };
}

/**
 * `count` alarms in one INSERT … SELECT over generate_series, then the indexes and VACUUM ANALYZE (as autovacuum
 * would have by then). `activeShare`: roughly which share of the newest alarm of each device and code stays active.
 */
export async function loadAlarms(db, { users, devices }, count, { activeShare = 0.35 } = {}) {
  const slots = await codeSlots();
  const ackers = ['admin', 'dealer-north', 'dealer-south', 'dealer-small'].map((u) => users[u].id);
  const started = performance.now();
  // The table's indexes (the migrations', whatever they are now) are built after the rows, as CREATE INDEX on a full
  // table: much faster than updating ten indexes row by row. The primary key stays.
  const { rows: indexes } = await db.query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = 'alarms'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const { indexname } of indexes) await db.exec(`DROP INDEX ${indexname}`);
  await db.query(`SELECT setseed(0.42)`);
  await db.query(
    `INSERT INTO alarms (device_id, plant_id, code, device_code, group_name, severity, severity_rank, state,
                         raised_at, last_seen_at, recovered_at, flaps, flapping, acknowledged_at, acknowledged_by,
                         ack_note, created_at, updated_at)
     WITH g AS (
       SELECT 1 + floor(${devices.length} * power(random(), 1.6))::int AS d,
              1 + floor(1000 * random())::int AS s,
              now() - make_interval(secs => 395 * 86400 * power(random(), 1.3)) AS raised_at,
              60 * exp(random() * 7.9) AS dur_s,
              random() AS r1, random() AS r2, random() AS r3
         FROM generate_series(1, $1::int)
     ), x AS (
       SELECT g.*,
              ($2::int4[])[d] AS device_id, ($3::int4[])[d] AS plant_id,
              ($4::text[])[s] AS code, ($5::int4[])[s] AS device_code, ($6::text[])[s] AS group_name,
              ($7::text[])[s] AS severity, ($8::int2[])[s] AS severity_rank
         FROM g
     ), r AS (
       SELECT x.*,
              row_number() OVER (PARTITION BY device_id, code ORDER BY raised_at DESC) = 1 AND r3 < $9::float8
                AND (raised_at > now() - interval '30 days' OR r3 < $9::float8 / 20) AS active
         FROM x
     )
     SELECT device_id, plant_id, code, device_code, group_name, severity, severity_rank,
            CASE WHEN active THEN 'active' ELSE 'recovered' END,
            raised_at,
            CASE WHEN active THEN greatest(raised_at, now() - make_interval(secs => 600 * r2))
                 ELSE greatest(raised_at, least(raised_at + make_interval(secs => dur_s), now()) - interval '1 minute') END,
            CASE WHEN active THEN NULL ELSE least(raised_at + make_interval(secs => dur_s), now()) END,
            CASE WHEN r1 > 0.99 THEN 3 + floor(r2 * 10)::int ELSE 0 END,
            r1 > 0.99,
            CASE WHEN r2 < (CASE WHEN active THEN 0.2 ELSE 0.35 END)
                 THEN least(raised_at + make_interval(secs => dur_s * r1), now()) END,
            CASE WHEN r2 < (CASE WHEN active THEN 0.2 ELSE 0.35 END) THEN ($10::int4[])[1 + floor(r3 * 4)::int] END,
            CASE WHEN r2 < 0.05 THEN 'checked on site, ' || code END,
            raised_at,
            coalesce(CASE WHEN active THEN NULL ELSE least(raised_at + make_interval(secs => dur_s), now()) END, raised_at)
       FROM r`,
    [
      count,
      devices.map((d) => d.id),
      devices.map((d) => d.plant.id),
      slots.map((s) => s.code),
      slots.map((s) => s.deviceCode),
      slots.map((s) => s.group),
      slots.map((s) => s.severity),
      slots.map((s) => s.rank),
      activeShare,
      ackers,
    ],
  );
  const insertSeconds = (performance.now() - started) / 1000;
  for (const { indexdef } of indexes) await db.exec(indexdef);
  await db.exec(`VACUUM ANALYZE alarms`);
  const { rows } = await db.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE state = 'active')::int AS active,
            count(*) FILTER (WHERE acknowledged_at IS NOT NULL)::int AS acknowledged,
            count(*) FILTER (WHERE flapping)::int AS flapping,
            count(DISTINCT device_id)::int AS devices, count(DISTINCT code)::int AS codes,
            min(raised_at) AS oldest, max(raised_at) AS newest,
            pg_total_relation_size('alarms')::float8 AS bytes
       FROM alarms`,
  );
  const bySeverity = await db.query(`SELECT severity, count(*)::int AS n FROM alarms GROUP BY 1 ORDER BY 1`);
  return {
    ...rows[0],
    bySeverity: Object.fromEntries(bySeverity.rows.map((r) => [r.severity, r.n])),
    insertSeconds: Math.round(insertSeconds * 10) / 10,
    indexesRebuilt: indexes.map((i) => i.indexname),
    totalSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
