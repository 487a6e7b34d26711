// @voltfleet/domain/time: Calendar dates and plant-local time arithmetic (IANA zones, local days and months).
export * from '../calendar-date.js';
export * from '../telemetry/local-time.js';
export * from './credential-life.js';
