/** The plant-stats feature's front door: what the rest of the server may use of it. */
export { plantOverview } from './plant-detail.service.js';
export { plantListFigures } from './plant-list-figures.service.js';
export { plantListRoutes } from './plant-list.routes.js';
export { plantStatsRoutes } from './plant-stats.routes.js';
export { fleetTrend, scopeOf, scopePlants, statisticsSummary } from './plant-stats.service.js';
export { roundKwh } from './plant-stats.slots.js';
export { batterySocs, scopeFlow } from './scope-figures.service.js';
