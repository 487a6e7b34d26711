/** The tariffs feature's front door: what the rest of the server may use of it. */
export { seedDemoPlantConfig } from './demo-tariffs.js';
export { earningsByDay, refreshEarnings } from './earnings.service.js';
export { savingFactorsByPlant } from './savings.service.js';
export type { SavingFactors } from './savings.service.js';
export { tariffsRoutes } from './tariffs.routes.js';
