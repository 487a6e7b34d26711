import { describe, expect, it } from 'vitest';
import { alarmSearchUrl, readOverview, readSearch, withFilter, writeOverview, writeSearch } from './search-params';

describe('readSearch', () => {
  it('reads every filter, the page and the order', () => {
    const state = readSearch(
      new URLSearchParams(
        'from=2026-03-01&to=2026-03-31&plantId=4&deviceId=12&sn=VF5K&severity=major&state=active' +
          '&ack=unacknowledged&group=grid&code=grid.voltageHigh&q=relay&page=3&pageSize=30&sort=severity&order=asc',
      ),
    );
    expect(state).toEqual({
      filter: {
        from: '2026-03-01',
        to: '2026-03-31',
        plantId: 4,
        deviceId: 12,
        sn: 'VF5K',
        severity: 'major',
        state: 'active',
        ack: 'unacknowledged',
        group: 'grid',
        code: 'grid.voltageHigh',
        q: 'relay',
      },
      page: 3,
      pageSize: 30,
      sort: 'severity',
      order: 'asc',
    });
  });

  it.each([
    ['severity=fatal', {}],
    ['state=open', {}],
    ['group=Grid', {}],
    ['ack=yes', {}],
    ['from=3.3.2026&to=2026-3-31', {}],
    ['plantId=0&deviceId=-2', {}],
    ['plantId=1e3&deviceId=2147483648', {}],
    ['sn=%20%20&q=' + 'x'.repeat(65), {}],
    ['sn=%20VF5K%20', { sn: 'VF5K' }],
    ['other=1', {}],
  ])('drops what the contract would refuse: %s', (query, filter) => {
    expect(readSearch(new URLSearchParams(`${query}&state=all`)).filter).toEqual(filter);
  });

  it('opens on the active alarms, unacknowledged first, with every state one value away', () => {
    expect(readSearch(new URLSearchParams(''))).toEqual({
      filter: { state: 'active' },
      page: 1,
      pageSize: 15,
      sort: 'attention',
      order: 'desc',
    });
    expect(readSearch(new URLSearchParams('state=all'))).toMatchObject({ filter: {}, sort: 'raisedAt' });
    expect(readSearch(new URLSearchParams('state=recovered')).filter).toEqual({ state: 'recovered' });
  });

  it('falls back to page 1, 15 rows, newest first', () => {
    expect(readSearch(new URLSearchParams('state=all&page=0&pageSize=500&sort=name&order=up'))).toEqual({
      filter: {},
      page: 1,
      pageSize: 15,
      sort: 'raisedAt',
      order: 'desc',
    });
  });
});

describe('writeSearch', () => {
  it('leaves defaults out and round-trips through readSearch', () => {
    const state = readSearch(new URLSearchParams('severity=critical&plantId=2&page=2&sort=sn&order=asc'));
    const query = writeSearch(state).toString();
    expect(query).toBe('plantId=2&severity=critical&page=2&sort=sn&order=asc');
    expect(readSearch(new URLSearchParams(query))).toEqual(state);
    const opening = { ...state, filter: { state: 'active' as const }, page: 1 };
    expect(writeSearch({ ...opening, sort: 'attention', order: 'desc' }).toString()).toBe('');
    expect(writeSearch({ ...opening, sort: 'raisedAt', order: 'desc' }).toString()).toBe('sort=raisedAt&order=desc');
    expect(writeSearch({ ...opening, filter: {}, sort: 'raisedAt', order: 'desc' }).toString()).toBe('state=all');
    const history = readSearch(new URLSearchParams('state=all&sort=sn'));
    expect(readSearch(writeSearch(history))).toEqual(history);
  });
});

describe('withFilter', () => {
  it('starts from page 1, keeps an order the user chose and lets the default order follow the view', () => {
    const opening = { ...readSearch(new URLSearchParams('page=4')), page: 4 };
    expect(withFilter(opening, {})).toMatchObject({ filter: {}, page: 1, sort: 'raisedAt', order: 'desc' });
    const history = readSearch(new URLSearchParams('state=all'));
    expect(withFilter(history, { state: 'active' })).toMatchObject({ sort: 'attention', order: 'desc' });
    const bySn = readSearch(new URLSearchParams('sort=sn&order=asc'));
    expect(withFilter(bySn, {})).toMatchObject({ sort: 'sn', order: 'asc' });
  });
});

describe('alarmSearchUrl', () => {
  it('is the search path with the filters in a stable order', () => {
    // The search opens on the active alarms: a filter without a state (an overview figure) says every state.
    expect(alarmSearchUrl({ state: 'active' })).toBe('/alarmCenter/alarmSearch');
    expect(alarmSearchUrl({})).toBe('/alarmCenter/alarmSearch?state=all');
    expect(alarmSearchUrl({ state: 'active', severity: 'critical', plantId: 3 })).toBe(
      '/alarmCenter/alarmSearch?plantId=3&severity=critical',
    );
    expect(alarmSearchUrl({ state: 'recovered', plantId: 3 })).toBe(
      '/alarmCenter/alarmSearch?plantId=3&state=recovered',
    );
    expect(alarmSearchUrl({ q: 'a&b c' })).toBe('/alarmCenter/alarmSearch?q=a%26b+c&state=all');
  });
});

describe('overview state', () => {
  it('reads and writes the bucket beside the filters', () => {
    expect(readOverview(new URLSearchParams('bucket=hour&plantId=5'))).toEqual({
      filter: { plantId: 5 },
      bucket: 'hour',
    });
    expect(readOverview(new URLSearchParams('bucket=week')).bucket).toBe('day');
    expect(writeOverview({ filter: { from: '2026-01-01' }, bucket: 'month' }).toString()).toBe(
      'from=2026-01-01&bucket=month',
    );
    expect(writeOverview({ filter: {}, bucket: 'day' }).toString()).toBe('');
  });
});
