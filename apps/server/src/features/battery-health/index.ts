/** The battery-health feature's front door (issue 42): the device route and the alarm job. */
export { batteryHealthRoutes } from './battery-health.routes.js';
export { BATTERY_HEALTH_EVERY_MS, startBatteryHealthJob } from './battery-health.job.js';
