/** Valid example inputs (bodies, query values) for the generated scope suite (platform/openapi-scope.test.ts). */
import { ROLLUP_HISTORY_FIELDS } from '@voltfleet/domain/telemetry';
import { VALID_PLANT_INPUT } from './plant-input.js';

/** An index of the history catalogue that reports sum from the rollups. */
export const REPORT_INDEX = Object.keys(ROLLUP_HISTORY_FIELDS)[0]!;

/**
 * Valid bodies of routes whose body names objects; `$kind` stands for A's id of that kind (or the missing id).
 * The body must be accepted when the ids are the caller's own, so a refusal is scope, not validation.
 */
export const BODIES: Record<string, unknown> = {
  // A month from now: a last day in the past or beyond a year is refused before scope is looked at.
  // A public address written as such (no resolution needed) and an event no permission guards: only the plant is
  // left to refuse.
  'post /api/webhooks': { url: 'https://203.0.113.10/scope', events: ['workorder.created'], plantIds: ['$plant'] },
  'put /api/webhooks/{id}': { plantIds: ['$plant'] },
  'post /api/kiosk-links': {
    name: 'Scope screen',
    plantIds: ['$plant'],
    expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  },
  'post /api/api-keys': {
    name: 'Scope key',
    access: 'read',
    permissions: ['A'],
    plantIds: ['$plant'],
    expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  },
  'post /api/commands': { deviceIds: ['$device'], kind: 'clockSync', idempotencyKey: 'scope-check-1' },
  'post /api/alarms/acknowledge': { ids: ['$alarm'], note: 'scope' },
  'post /api/messages/read': { ids: ['$message'] },
  'post /api/messages/delete': { ids: ['$message'] },
  'post /api/work-orders': {
    title: 'Scope check',
    type: 'maintenance',
    priority: 'normal',
    plantId: '$plant',
    deviceId: '$device',
    alarmId: '$alarm',
  },
  'post /api/work-orders/{id}/assign': { assigneeId: '$user' },
  'post /api/users': {
    username: 'scope-new',
    name: 'Scope_new',
    level: 1,
    roleId: '$role',
    superiorId: '$user',
    password: '$password',
  },
  'put /api/users/{id}': { name: 'Scope', level: 1, roleId: '$role', superiorId: '$user' },
  'put /api/users/{id}/superior': { superiorId: '$user' },
  'put /api/users/{id}/approve': { roleId: '$role', level: 2 },
  'put /api/roles/{id}': { name: 'Scope_Role', permissions: ['A', 'A/A'], views: [] },
  'post /api/plants/{plantId}/tariffs': {
    effectiveFrom: '2030-01-01',
    periods: [{ type: 1, start: '00:00', end: '23:59', price: 0.2 }],
  },
  'put /api/work-orders/{id}': { title: 'Scope edit', type: 'maintenance', priority: 'normal' },
  'post /api/devices/{id}/upgrade': { imageIds: ['$firmware'], password: 'x', idempotencyKey: 'scope-upgrade-1' },
  'post /api/debug/{deviceId}/read': { kind: 'query', command: '0A' },
  'post /api/notification-rules': {
    name: 'Scope rule 2',
    allPlants: false,
    plantIds: ['$plant'],
    minSeverity: 'warning',
    emails: ['b@example.com'],
    channels: ['email'],
    hourlyLimit: 10,
    dailyLimit: 20,
    recoveryNotices: true,
    enabled: true,
  },
  'put /api/plants/{plantId}': { ...VALID_PLANT_INPUT, name: 'Scope_B_Edit' },
  'put /api/notification-rules/{id}/enabled': { enabled: false },
  'post /api/report-templates': { name: 'Scope report', deviceIds: ['$device'], indices: [REPORT_INDEX] },
  'put /api/report-templates/{id}': { name: 'Scope report 2', deviceIds: ['$device'], indices: [REPORT_INDEX] },
  'post /api/report-exports': {
    query: { deviceIds: ['$device'], indices: [REPORT_INDEX], period: 'day', date: '2026-03-03' },
    format: 'csv',
  },
  'post /api/device-storage': { sn: 'SCOPEB00001', kind: 'inverter', modelType: '10K', ownerId: '$user' },
  'post /api/device-storage/{id}/activate': { plantId: '$plant' },
  'post /api/plants': { ...VALID_PLANT_INPUT, name: 'Scope_B_Plant', ownerId: '$user', affiliatedUserIds: ['$user'] },
};
BODIES['put /api/notification-rules/{id}'] = {
  ...(BODIES['post /api/notification-rules'] as object),
  userIds: ['$user'],
};

/** The record lists take whole timestamps for their period, the other lists plant-local days. */
export const timestamped = (route: string) =>
  route.startsWith('/api/records') || route.startsWith('/api/control-records');
export const FIXED_TIMES: Record<string, string> = { from: '2026-03-01T00:00:00Z', to: '2026-03-31T00:00:00Z' };

/** Values for required query parameters that name no object. */
export const QUERY_VALUES: Record<string, string> = {
  range: 'day',
  date: '2026-03-03',
  quantities: 'pvPowerKw',
  fields: 'pvPowerKw',
  format: 'csv',
  // The performance routes' span (calendar days, required).
  from: '2026-03-01',
  to: '2026-03-31',
};
/** Optional query parameters set anyway, so two calls a moment apart ask for the same period ("to" is now). */
export const FIXED_QUERY: Record<string, string> = {
  from: '2026-03-01',
  to: '2026-03-31',
  date: '2026-03-03',
  indices: REPORT_INDEX,
};
