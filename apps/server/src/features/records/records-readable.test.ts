// Issue 36, point 8: every operation record names its object and says what happened in the reader's language. A
// refused command says refused and why (the answer the sender heard, in any language); a command to ten devices is
// "10 devices" with their serial numbers. Records are made through the real API and read back as the list returns
// them and as the export writes them (the export's action column is the list's headline, domain recordHeadline).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Lang } from '@voltfleet/domain/i18n';
import { type OperationRecord } from '@voltfleet/domain/records';
import { adminId, api, loginToken, makeRole, makeUser, startTestServer, type TestServer } from '../../test/harness.js';

let s: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let key = 0;

const SERIALS = Array.from({ length: 10 }, (_, i) => `VFREAD${String(i + 1).padStart(4, '0')}`);

/** The texts each language must show, written out here (not read from the app) so a wrong one fails. */
const EXPECTED: Record<
  Lang,
  { refused: (sn: string) => string; refusedWord: string; batch: string; noDevice: string }
> = {
  en: {
    refused: (sn) => `Command to ${sn} refused`,
    refusedWord: 'Refused: ',
    batch: 'Command issued to 10 devices',
    noDevice: 'Command refused',
  },
  zh: {
    refused: (sn) => `向 ${sn} 下发指令被拒绝`,
    refusedWord: '已拒绝：',
    batch: '向 10 台设备 下发指令',
    noDevice: '下发指令被拒绝',
  },
  cs: {
    refused: (sn) => `Příkaz pro ${sn} odmítnut`,
    refusedWord: 'Odmítnuto: ',
    batch: 'Příkaz odeslán na 10 zařízení',
    noDevice: 'Příkaz odmítnut',
  },
  de: {
    refused: (sn) => `Befehl an ${sn} abgelehnt`,
    refusedWord: 'Abgelehnt: ',
    batch: 'Befehl an 10 Geräte gesendet',
    noDevice: 'Befehl abgelehnt',
  },
};

const issue = (token: string, body: Record<string, unknown>, lang: string = 'en') =>
  api(s.app, 'POST', '/api/commands', { token, body: { idempotencyKey: `readable-${++key}`, ...body }, lang });

const records = async (who: string) =>
  (
    await api<{ items: OperationRecord[] }>(s.app, 'GET', '/api/records/operations?category=command&pageSize=200', {
      token: tokens[who],
    })
  ).body.data.items;

/** The export's rows (CSV, a header row first) in a language, as cells. */
async function exported(who: string, lang: Lang): Promise<string[][]> {
  const res = await s.app.inject({
    method: 'GET',
    url: '/api/records/operations/export?format=csv&category=command&timeZone=UTC',
    headers: { token: tokens[who]!, 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  // Cells hold no line breaks here; quoted cells may hold commas, so split on the quote-aware pattern.
  return res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, '')));
}

beforeAll(async () => {
  s = await startTestServer({ COMMAND_BATCH_LIMIT: '20' });
  const root = await adminId(s.db);
  const issuer = await makeRole(s.db, 'readIssuer', ['B', 'B/E', 'B/E:command.issue', 'D', 'D/D']);
  const reader = await makeRole(s.db, 'readOnly', ['B', 'B/E', 'D', 'D/D']);
  const owner = await makeUser(s.db, { username: 'readOwner', roleId: issuer, superiorId: root });
  await makeUser(s.db, { username: 'readNoRight', roleId: reader, superiorId: owner.id });
  for (const sn of SERIALS) {
    const { rows } = await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, activated_at, last_seen_at)
       VALUES ($1, 'inverter', '10K', $2, now(), now()) RETURNING id`,
      [sn, owner.id],
    );
    ids[sn] = rows[0]!.id;
  }
  tokens.owner = await loginToken(s.app, 'readOwner', 'Passw0rd-1');
  tokens.noRight = await loginToken(s.app, 'readNoRight', 'Passw0rd-1');
});
afterAll(() => s.close());

describe('a refused command', () => {
  it('names its device and keeps why, in every language, as the sender heard it', async () => {
    const sn = SERIALS[0]!;
    const heard: Partial<Record<Lang, string>> = {};
    // One refusal per language: each record keeps the answer in all four, whichever language the sender used.
    for (const lang of LANGUAGES) {
      const res = await issue(tokens.owner!, { deviceIds: [ids[sn]], kind: 'socLowerLimitPct', value: 150 }, lang);
      expect(res.status).toBe(400);
      heard[lang] = res.body.msg;
    }
    const refused = (await records('owner')).filter((r) => r.action === 'command.issue' && !r.ok);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.objectName).toBe(sn);
      expect(r.refusal).toEqual(heard);
    }
    for (const lang of LANGUAGES) {
      const rows = (await exported('owner', lang)).filter((row) => row.includes(EXPECTED[lang].refused(sn)));
      expect(rows).toHaveLength(4);
      for (const row of rows) expect(row.join('|')).toContain(`${EXPECTED[lang].refusedWord}${heard[lang]}`);
    }
  });

  it('says why a command without the right to issue was refused', async () => {
    // The right is checked before the request's body is read (platform/auth.ts), so the record holds no devices.
    const res = await issue(tokens.noRight!, { deviceIds: [ids[SERIALS[1]!]], kind: 'workMode', value: 4 }, 'de');
    expect(res.status).toBe(403);
    const [record] = (await records('owner')).filter((r) => r.username === 'readNoRight');
    expect(record).toMatchObject({
      ok: false,
      objectName: null,
      refusal: expect.objectContaining({ de: res.body.msg }),
    });
    for (const lang of LANGUAGES) {
      const row = (await exported('noRight', lang)).find((cells) => cells.includes(EXPECTED[lang].noDevice));
      expect(row?.join('|'), lang).toContain(EXPECTED[lang].refusedWord);
    }
    expect((await exported('noRight', 'de')).flat().join('|')).toContain(`${EXPECTED.de.refusedWord}${res.body.msg}`);
  });
});

describe('a command to ten devices', () => {
  it('is one record of "10 devices" with the ten serial numbers, in every language', async () => {
    const res = await issue(tokens.owner!, {
      deviceIds: SERIALS.map((sn) => ids[sn]),
      kind: 'workMode',
      value: 4,
      confirm: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const batch = (await records('owner')).filter((r) => r.action === 'command.issue' && r.ok);
    expect(batch).toHaveLength(1);
    expect(batch[0]!.objectName?.split(', ')).toEqual(SERIALS);
    for (const lang of LANGUAGES) {
      const row = (await exported('owner', lang)).find((cells) => cells.includes(EXPECTED[lang].batch));
      expect(row, lang).toBeDefined();
      // The file lists what "10 devices" stands for.
      for (const sn of SERIALS) expect(row!.join('|')).toContain(sn);
    }
  });
});
