import { describe, expect, it } from 'vitest';
import { alarmSearchUrl, readOverview, readSearch, writeOverview, writeSearch } from './search-params';

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
    expect(readSearch(new URLSearchParams(query)).filter).toEqual(filter);
  });

  it('falls back to page 1, 15 rows, newest first', () => {
    expect(readSearch(new URLSearchParams('page=0&pageSize=500&sort=name&order=up'))).toEqual({
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
    expect(writeSearch({ ...state, filter: {}, page: 1, sort: 'raisedAt', order: 'desc' }).toString()).toBe('');
  });
});

describe('alarmSearchUrl', () => {
  it('is the search path with the filters in a stable order', () => {
    expect(alarmSearchUrl({})).toBe('/alarmCenter/alarmSearch');
    expect(alarmSearchUrl({ state: 'active', severity: 'critical', plantId: 3 })).toBe(
      '/alarmCenter/alarmSearch?plantId=3&severity=critical&state=active',
    );
    expect(alarmSearchUrl({ q: 'a&b c' })).toBe('/alarmCenter/alarmSearch?q=a%26b+c');
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
