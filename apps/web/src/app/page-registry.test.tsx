import { describe, expect, it } from 'vitest';
import { DETAIL_ROUTES, PAGE_REGISTRY, shellPageKeyOf } from './page-registry';
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
