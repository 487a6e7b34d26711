import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_CODE, type CodePurpose } from '@voltfleet/domain/auth';
import type { Db } from '../../db/db.js';
import { openTestDb } from '../../test/harness.js';
import { AppError } from '../../platform/errors.js';
import type { OutgoingMessage } from '../notifications/notification-senders.js';
import { DEFAULT_SMS_BUDGET } from '../notifications/sms-budget.js';
import { issueCode, useCode, type CodeDeps } from './verification.service.js';

// The code rules against a real database, with a clock the test moves and senders that keep what they were given.
let db: Db;
let now = new Date('2026-03-01T08:00:00Z');
const sent: OutgoingMessage[] = [];
let deps: CodeDeps;

beforeAll(async () => {
  db = await openTestDb();
  const keep = { send: (m: OutgoingMessage) => Promise.resolve(void sent.push(m)) };
  deps = {
    db,
    senders: { email: keep, sms: keep },
    publicUrl: 'http://portal.test',
    log: console,
    clock: () => now,
    smsBudget: DEFAULT_SMS_BUDGET,
  };
});
afterAll(() => db.close());

const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));

/** Issues a register code to `address` and returns the code the message carried. */
async function codeFor(address: string, purpose: CodePurpose = 'register'): Promise<string> {
  await issueCode(deps, { purpose, channel: 'email', address, ip: '203.0.113.1', lang: 'en' }, (code) => ({
    kind: 'register',
    code,
  }));
  const text = sent.at(-1)!.text;
  return /\b(\d{6})\b/.exec(text)![1]!;
}

/** The message key a refusal carries (the field's for a validation issue). */
async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected a refusal, got ${String(err)}`);
  const issue = (err.data as { issues?: { key: string }[] } | null)?.issues?.[0];
  return issue?.key ?? err.messageKey;
}

const use = (address: string, code: string) => useCode(deps, 'register', [address], code, async () => 'done');

describe('verification codes', () => {
  it('sends six digits and stores only a salted hash of them', async () => {
    const code = await codeFor('hash@example.test');
    expect(code).toMatch(/^\d{6}$/);
    const { rows } = await db.query<{ code_hash: string }>(
      `SELECT code_hash FROM verification_codes WHERE address = 'hash@example.test'`,
    );
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
  });

  it('takes a code within ten minutes, but not after', async () => {
    const early = await codeFor('early@example.test');
    later(VERIFICATION_CODE.ttlSeconds - 1);
    await expect(use('early@example.test', early)).resolves.toBe('done');
    const late = await codeFor('late@example.test');
    later(VERIFICATION_CODE.ttlSeconds + 1);
    expect(await refusal(use('late@example.test', late))).toBe('verification.codeExpired');
  });

  it('takes a code once', async () => {
    const code = await codeFor('once@example.test');
    await expect(use('once@example.test', code)).resolves.toBe('done');
    expect(await refusal(use('once@example.test', code))).toBe('verification.codeExpired');
  });

  it('kills a code after five wrong tries, even for the right answer', async () => {
    const code = await codeFor('guess@example.test');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < VERIFICATION_CODE.maxWrongTries; i += 1)
      expect(await refusal(use('guess@example.test', wrong))).toBe('verification.codeWrong');
    expect(await refusal(use('guess@example.test', code))).toBe('verification.codeExpired');
  });

  it('spends a right code even when the work after it refuses: one code is one attempt past the check', async () => {
    const code = await codeFor('work@example.test');
    const failing = useCode(deps, 'register', ['work@example.test'], code, () => Promise.reject(new Error('taken')));
    await expect(failing).rejects.toThrow('taken');
    expect(await refusal(use('work@example.test', code))).toBe('verification.codeExpired');
  });

  it('retires the older codes of an address when one is used', async () => {
    const first = await codeFor('older@example.test');
    later(VERIFICATION_CODE.resendSeconds);
    const second = await codeFor('older@example.test');
    await expect(use('older@example.test', second)).resolves.toBe('done');
    expect(await refusal(use('older@example.test', first))).toBe('verification.codeExpired');
  });

  it('waits a minute between codes to one address', async () => {
    await codeFor('wait@example.test');
    later(VERIFICATION_CODE.resendSeconds - 1);
    expect(await refusal(codeFor('wait@example.test'))).toBe('verification.resendWait');
    // Another address is not held up by it.
    await codeFor('other-wait@example.test');
    later(1);
    await expect(codeFor('wait@example.test')).resolves.toMatch(/^\d{6}$/);
  });

  it('limits the codes to one address per hour', async () => {
    for (let i = 0; i < VERIFICATION_CODE.perAddressPerHour; i += 1) {
      await codeFor('hourly@example.test');
      later(VERIFICATION_CODE.resendSeconds);
    }
    expect(await refusal(codeFor('hourly@example.test'))).toBe('verification.tooManyCodes');
    // The reset codes of the address have their own count.
    await expect(codeFor('hourly@example.test', 'reset')).resolves.toMatch(/^\d{6}$/);
    later(3600);
    await expect(codeFor('hourly@example.test')).resolves.toMatch(/^\d{6}$/);
  });

  it('never takes a code of one purpose for the other', async () => {
    const code = await codeFor('purpose@example.test', 'reset');
    expect(await refusal(use('purpose@example.test', code))).toBe('verification.codeExpired');
  });
});

describe('parallel requests for one address', () => {
  it('send one code, not one each', async () => {
    const results = await Promise.allSettled(
      [1, 2, 3].map(() =>
        issueCode(
          deps,
          { purpose: 'register', channel: 'sms', address: '+86-13700000000', ip: '203.0.113.2', lang: 'en' },
          (code) => ({
            kind: 'register',
            code,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
