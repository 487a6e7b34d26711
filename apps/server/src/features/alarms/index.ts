/** The alarms feature's front door: what the rest of the server may use of it. */
export { AlarmEngine } from './alarm-engine.js';
export { startAlarmPush } from './alarm-push.js';
export { newestActiveAlarms } from './alarm-search.service.js';
export { registerAlarms } from './alarms.routes.js';
export { PastAlarms } from './past-alarms.js';
export type { ConditionVerdict } from './platform-alarms.repository.js';
