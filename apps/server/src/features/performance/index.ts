/** The performance feature's front door: what the rest of the server may use of it (docs/performance.md). */
export { PerformanceJob, startPerformanceJob, type DaySky, type DemoSkyLookup } from './performance.job.js';
export { performanceRatios30d } from './performance.service.js';
export { performanceRoutes } from './performance.routes.js';
