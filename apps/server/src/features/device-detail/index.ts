/** A device's detail, live values and history pages (above the devices registry and the readings). */
export { deviceDetailRoutes } from './device-detail.routes.js';
export { realtimeGroupsOf, REALTIME_FIELD_SQL, tsOf } from './realtime-groups.js';
