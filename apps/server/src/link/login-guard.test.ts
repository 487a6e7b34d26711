import { describe, expect, it } from 'vitest';
import { CheckLane, LoginGuard } from './login-guard.js';

const limits = { perAddress: 5, addressWindowMs: 60_000, perSn: 3, snWindowMs: 300_000 };

function guard() {
  const clock = { now: 1_000_000 };
  return { clock, guard: new LoginGuard(limits, () => clock.now) };
}

describe('LoginGuard', () => {
  it('refuses a serial number after its failures, from any address, until its window ends', () => {
    const { clock, guard: g } = guard();
    for (let i = 0; i < 3; i += 1) {
      expect(g.refusal(`10.0.0.${i}`, 'VFSN0001')).toBeNull();
      g.failed(`10.0.0.${i}`, 'VFSN0001');
    }
    expect(g.refusal('10.0.0.9', 'VFSN0001')).toBe('serialNumber');
    expect(g.refusal('10.0.0.9', 'VFSN0002')).toBeNull();
    clock.now += 299_999;
    expect(g.refusal('10.0.0.9', 'VFSN0001')).toBe('serialNumber');
    clock.now += 1;
    expect(g.refusal('10.0.0.9', 'VFSN0001')).toBeNull();
  });

  it('refuses an address after its failures, whatever serial numbers it tries', () => {
    const { clock, guard: g } = guard();
    for (let i = 0; i < 5; i += 1) g.failed('192.0.2.1', `VFSN000${i}`);
    expect(g.refusal('192.0.2.1', 'VFOTHER01')).toBe('address');
    expect(g.refusal('192.0.2.2', 'VFOTHER01')).toBeNull();
    clock.now += 60_000;
    expect(g.refusal('192.0.2.1', 'VFOTHER01')).toBeNull();
  });

  it('a correct login clears the serial number but not the address', () => {
    const { guard: g } = guard();
    for (let i = 0; i < 2; i += 1) g.failed('192.0.2.1', 'VFSN0001');
    g.succeeded('VFSN0001');
    g.failed('192.0.2.1', 'VFSN0001');
    g.failed('192.0.2.1', 'VFSN0001');
    expect(g.refusal('192.0.2.3', 'VFSN0001')).toBeNull();
    g.failed('192.0.2.1', 'VFSN0001');
    expect(g.refusal('192.0.2.3', 'VFSN0001')).toBe('serialNumber');
    expect(g.refusal('192.0.2.1', 'VFSN9999')).toBe('address');
  });

  it('stays bounded under a flood of addresses', () => {
    const { guard: g } = guard();
    for (let i = 0; i < 120_000; i += 1) g.failed(`a${i}`, '');
    // The newest addresses are still counted.
    for (let i = 0; i < 4; i += 1) g.failed('a119999', '');
    expect(g.refusal('a119999', '')).toBe('address');
  });
});

describe('remembered secrets', () => {
  it('recognises the secret that last logged a serial number in, and knows any other is wrong', () => {
    const guard = new LoginGuard();
    expect(guard.recall('SN00000001', 's1')).toBeUndefined();
    expect(guard.knownWrong('SN00000001', 'x')).toBe(false);
    guard.succeeded('SN00000001', { secret: 's1', value: { id: 7 } });
    expect(guard.recall('SN00000001', 's1')).toEqual({ id: 7 });
    expect(guard.recall('SN00000001', 's2')).toBeUndefined();
    expect(guard.knownWrong('SN00000001', 's2')).toBe(true);
    expect(guard.knownWrong('SN00000002', 's1')).toBe(false);
    guard.forgetSecret('SN00000001');
    expect(guard.recall('SN00000001', 's1')).toBeUndefined();
  });

  it('forgets ten minutes after the login when no session opened', () => {
    let now = 0;
    const guard = new LoginGuard(undefined, () => now);
    guard.succeeded('SN00000001', { secret: 's1', value: 1 });
    now = 10 * 60_000 + 1;
    expect(guard.recall('SN00000001', 's1')).toBeUndefined();
  });

  it('does not age while the session is open, and forgets ten minutes after it ended', () => {
    let now = 0;
    const guard = new LoginGuard(undefined, () => now);
    guard.succeeded('SN00000001', { secret: 's1', value: 1 });
    guard.online('SN00000001');
    // Connected for three days: a reconnect (or a flood of guesses) is still settled by the memory.
    now = 3 * 86_400_000;
    expect(guard.recall('SN00000001', 's1')).toBe(1);
    expect(guard.knownWrong('SN00000001', 'guess')).toBe(true);
    guard.offline('SN00000001');
    now += 10 * 60_000;
    expect(guard.recall('SN00000001', 's1')).toBe(1);
    now += 1;
    expect(guard.recall('SN00000001', 's1')).toBeUndefined();
    expect(guard.knownWrong('SN00000001', 'guess')).toBe(false);
  });

  it('a takeover login keeps the entry live; a rotation forgets it, open session or not', () => {
    let now = 0;
    const guard = new LoginGuard(undefined, () => now);
    guard.succeeded('SN00000001', { secret: 's1', value: 1 });
    guard.online('SN00000001');
    guard.succeeded('SN00000001', { secret: 's1', value: 2 });
    now = 86_400_000;
    expect(guard.recall('SN00000001', 's1')).toBe(2);
    guard.forgetSecret('SN00000001');
    expect(guard.recall('SN00000001', 's1')).toBeUndefined();
    guard.offline('SN00000001');
    expect(guard.recall('SN00000001', 's1')).toBeUndefined();
  });

  it('when full, evicts the oldest login only', () => {
    const guard = new LoginGuard();
    for (let i = 0; i < 50_001; i += 1) guard.succeeded(`SN${i}`, { secret: 's', value: i });
    expect(guard.recall('SN0', 's')).toBeUndefined();
    expect(guard.recall('SN1', 's')).toBe(1);
    expect(guard.recall('SN50000', 's')).toBe(50_000);
  });
});

describe('attempts being checked', () => {
  it('count against both limits until released, so a burst cannot all pass under them', () => {
    const { guard: g } = guard();
    const releases = [0, 1, 2].map(() => g.checking('192.0.2.1', 'VFSN0001'));
    expect(g.refusal('192.0.2.7', 'VFSN0001')).toBe('serialNumber');
    releases.push(g.checking('192.0.2.1', 'VFSN0002'), g.checking('192.0.2.1', 'VFSN0003'));
    expect(g.refusal('192.0.2.1', 'VFSN0009')).toBe('address');
    // Released (checked and found correct): nothing is left counted.
    for (const release of releases) release();
    expect(g.refusal('192.0.2.1', 'VFSN0001')).toBeNull();
  });

  it('a release is counted once, however often it is called', () => {
    const { guard: g } = guard();
    const first = g.checking('192.0.2.1', 'VFSN0001');
    first();
    first();
    const held = [0, 1].map(() => g.checking('192.0.2.1', 'VFSN0001'));
    g.failed('192.0.2.1', 'VFSN0001');
    // Two in flight and one failure: the limit of three is reached, a double release did not hide one.
    expect(g.refusal('192.0.2.9', 'VFSN0001')).toBe('serialNumber');
    held.forEach((release) => release());
  });
});

describe('a crowd of logins from one address', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('waits for room while only checks in flight fill the address limit, and is admitted as they end', async () => {
    const { guard: g } = guard();
    const running = [0, 1, 2, 3, 4].map((i) => g.checking('192.0.2.1', `VFSN000${i}`));
    // Five checks in flight and no failure: over the limit, but only crowded, not failing.
    expect(g.refusal('192.0.2.1', 'VFSN0009')).toBe('address');
    expect(g.crowded('192.0.2.1')).toBe(true);
    const admitted: string[] = [];
    for (const sn of ['VFSN0010', 'VFSN0011', 'VFSN0012'])
      g.whenRoom('192.0.2.1', () => {
        admitted.push(sn);
        // What the broker does when admitted: its check counts in flight, taking the room it was given.
        running.push(g.checking('192.0.2.1', sn));
      });
    await tick();
    expect(admitted).toEqual([]);
    // Two checks end correct: exactly two waiting logins take their room, in arrival order.
    running.shift()?.();
    running.shift()?.();
    await tick();
    expect(admitted).toEqual(['VFSN0010', 'VFSN0011']);
    expect(g.crowded('192.0.2.1')).toBe(true);
    running.shift()?.();
    await tick();
    expect(admitted).toEqual(['VFSN0010', 'VFSN0011', 'VFSN0012']);
    running.forEach((release) => release());
  });

  it('sends the waiting logins on once failures alone reach the limit: then it is over the limit, not crowded', async () => {
    const { guard: g } = guard();
    const running = [0, 1, 2, 3, 4].map((i) => g.checking('192.0.2.1', `VFSN000${i}`));
    const admitted: string[] = [];
    for (const sn of ['VFSN0010', 'VFSN0011']) g.whenRoom('192.0.2.1', () => admitted.push(sn));
    // Four checks fail (each released and counted in the same tick): still crowded, four failures and one in flight.
    for (let i = 0; i < 4; i += 1) {
      running.shift()?.();
      g.failed('192.0.2.1', `VFSN000${i}`);
    }
    await tick();
    expect(admitted).toEqual([]);
    expect(g.crowded('192.0.2.1')).toBe(true);
    // The fifth fails too: the address is over its limit by failures, the waiting logins are decided again (the lane).
    running.shift()?.();
    g.failed('192.0.2.1', 'VFSN0004');
    await tick();
    expect(admitted).toEqual(['VFSN0010', 'VFSN0011']);
    expect(g.crowded('192.0.2.1')).toBe(false);
    expect(g.refusal('192.0.2.1', 'VFSN0010')).toBe('address');
  });

  it('correct logins never count against the address, however many', () => {
    const { guard: g } = guard();
    for (let i = 0; i < 10_000; i += 1) {
      const sn = `VFSN${String(i).padStart(5, '0')}`;
      g.checking('192.0.2.1', sn)();
      g.succeeded(sn);
    }
    expect(g.refusal('192.0.2.1', 'VFSN99999')).toBeNull();
  });
});

describe('CheckLane', () => {
  /** A task that runs until released, recording how many ran at once overall and per key. */
  function tracker() {
    const running = new Map<string, number>();
    const order: string[] = [];
    const release: (() => void)[] = [];
    let most = 0;
    let mostPerKey = 0;
    const task = (key: string, label: string) => () =>
      new Promise<string>((resolve) => {
        order.push(label);
        running.set(key, (running.get(key) ?? 0) + 1);
        most = Math.max(
          most,
          [...running.values()].reduce((a, b) => a + b, 0),
        );
        mostPerKey = Math.max(mostPerKey, ...running.values());
        release.push(() => {
          running.set(key, (running.get(key) ?? 1) - 1);
          resolve(label);
        });
      });
    /** Releases the running tasks one by one, oldest first, until every one of `all` has settled. */
    const drain = async (all: Promise<unknown>[]) => {
      let settled = false;
      void Promise.allSettled(all).then(() => (settled = true));
      while (!settled) {
        await new Promise((r) => setTimeout(r, 1));
        release.shift()?.();
      }
    };
    return { task, order, drain, most: () => most, mostPerKey: () => mostPerKey };
  }

  it('runs one check per key at a time, at most two in all, and the keys take turns', async () => {
    const lane = new CheckLane(2);
    const t = tracker();
    // A flood from one address queues first; two other addresses arrive after it.
    const flood = Array.from({ length: 5 }, (_, i) => lane.run('flood', t.task('flood', `flood${i}`)));
    const owner = lane.run('owner', t.task('owner', 'owner'));
    const other = lane.run('other', t.task('other', 'other'));
    await t.drain([...flood, owner, other]);
    expect(await Promise.all([...flood, owner, other])).toEqual([
      'flood0',
      'flood1',
      'flood2',
      'flood3',
      'flood4',
      'owner',
      'other',
    ]);
    expect(t.mostPerKey()).toBe(1);
    expect(t.most()).toBe(2);
    // The others ran at their first turn, not after the flood's queue.
    expect(t.order.indexOf('owner')).toBeLessThanOrEqual(2);
    expect(t.order.indexOf('other')).toBeLessThanOrEqual(2);
  });

  it('never refuses for a long queue', async () => {
    const lane = new CheckLane(2);
    let ran = 0;
    const results = await Promise.all(
      Array.from({ length: 5_000 }, (_, i) =>
        lane.run(`key${i % 3}`, async () => {
          ran += 1;
          return i;
        }),
      ),
    );
    expect(ran).toBe(5_000);
    expect(results[4_999]).toBe(4_999);
  });

  it('skips checks whose client left before their turn, without running them', async () => {
    const lane = new CheckLane(2);
    const t = tracker();
    const first = lane.run('a', t.task('a', 'first'));
    const gone = Array.from({ length: 10 }, (_, i) => lane.run('a', t.task('a', `gone${i}`), () => false));
    const last = lane.run('a', t.task('a', 'last'));
    await t.drain([first, ...gone, last]);
    expect(await first).toBe('first');
    expect(await Promise.all(gone)).toEqual(Array(10).fill(undefined));
    expect(await last).toBe('last');
    expect(t.order).toEqual(['first', 'last']);
  });

  it('a failing check rejects its caller and frees its turn', async () => {
    const lane = new CheckLane(1);
    const failing = lane.run('a', () => {
      throw new Error('database unavailable');
    });
    const next = lane.run('a', async () => 'next');
    await expect(failing).rejects.toThrow('database unavailable');
    expect(await next).toBe('next');
  });
});
