import { describe, expect, it } from 'vitest';
import { windowFilter } from './overview-window';

const window30 = { from: '2026-02-02T00:00:00.000Z', to: '2026-03-03T23:59:59.999Z', timeZone: 'UTC' };

describe('windowFilter', () => {
  it('adds the days of the default window', () => {
    expect(windowFilter({ plantId: 3 }, window30)).toEqual({ plantId: 3, from: '2026-02-02', to: '2026-03-03' });
  });

  it('takes the days in the overview zone (a plant east of UTC starts its window a day later in UTC)', () => {
    const prague = { from: '2026-02-01T23:00:00.000Z', to: '2026-03-03T22:59:59.999Z', timeZone: 'Europe/Prague' };
    expect(windowFilter({}, prague)).toEqual({ from: '2026-02-02', to: '2026-03-03' });
  });

  it('keeps days the user chose', () => {
    expect(windowFilter({ from: '2026-01-01' }, window30)).toEqual({ from: '2026-01-01' });
  });

  it('leaves the filters alone for an unreadable window', () => {
    expect(windowFilter({ state: 'active' }, { ...window30, to: 'soon' })).toEqual({ state: 'active' });
  });
});
