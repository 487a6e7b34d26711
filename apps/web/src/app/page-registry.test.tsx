import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDeviceDetail } from '@/features/devices/api/get-device-detail';
import { getDeviceRealtime } from '@/features/devices/api/get-device-realtime';
import { getPlantOverview } from '@/features/plant-detail/api/get-plant-overview';
import { getStatsSummary } from '@/features/plant-stats/api/get-summary';
import { DETAIL_ROUTES, PAGE_REGISTRY, askFirstData, shellPageKeyOf } from './page-registry';
import { PAGE_LOADERS } from './shell/shell-layout';

describe('shellPageKeyOf', () => {
  it.each([
    ['/plantCenter/plantStatistics', 'plantCenter/plantStatistics'],
    ['/deviceCenter/deviceList', 'deviceCenter/deviceList'],
    ['/plantCenter/plantList/42', 'plantCenter/plantList/:plantId'],
    ['/deviceCenter/deviceList/16', 'deviceCenter/deviceList/:deviceId'],
    ['/personalCenter', 'personalCenter'],
    ['/notices', 'notices'],
    ['/workOrders', 'workOrders'],
    ['/messages', 'messages'],
  ])('%s shows %s', (path, key) => {
    expect(shellPageKeyOf(path)).toBe(key);
  });

  it.each([
    '/',
    '/login',
    '/bigScreen/map',
    '/403',
    '/plantCenter',
    '/plantCenter/plantList/42/more',
    '/plantCenter/plantStatistics/7',
    '/alarmCenter/alarmSearch/',
    '/toString',
    '/constructor/1',
    '/nowhere/at/all',
  ])('%s is no shell page', (path) => {
    expect(shellPageKeyOf(path)).toBeUndefined();
  });

  it('names a loader for every registered page and detail page', () => {
    const paths = [
      ...Object.keys(PAGE_REGISTRY).map((key) => `/${key}`),
      ...Object.keys(DETAIL_ROUTES).map((key) => `/${key}/1`),
    ];
    for (const path of paths) expect(Object.keys(PAGE_LOADERS)).toContain(shellPageKeyOf(path));
  });
});

describe('askFirstData', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const ok = () =>
    Promise.resolve(new Response(JSON.stringify({ code: 'ok', msg: 'Success', data: {} }), { status: 200 }));

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it.each([
    ['/plantCenter/plantStatistics', ['/api/plant-statistics/summary'], () => getStatsSummary()],
    ['/plantCenter/plantList/42', ['/api/plants/42/overview'], () => getPlantOverview(42)],
    [
      '/deviceCenter/deviceList/16',
      ['/api/devices/16/detail', '/api/devices/16/realtime'],
      () => Promise.all([getDeviceDetail(16), getDeviceRealtime(16)]),
    ],
  ])('%s: asks for %j, which the page’s own requests then take', async (path, urls, pageRequests) => {
    vi.stubGlobal('fetch', fetchMock.mockImplementation(ok));
    askFirstData(path, 'en');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(urls);
    await pageRequests();
    expect(fetchMock).toHaveBeenCalledTimes(urls.length);
  });

  it.each(['/plantCenter/plantList/0', '/plantCenter/plantList/abc', '/deviceCenter/deviceList/2147483648', '/login'])(
    '%s asks for nothing (the page shows its 404, or is no shell page)',
    (path) => {
      vi.stubGlobal('fetch', fetchMock.mockImplementation(ok));
      askFirstData(path, 'en');
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});
