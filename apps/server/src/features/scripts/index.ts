/** The scripts feature's front door: what the rest of the server may use of it. */
export { startPlantScriptJob } from './scripts.job.js';
export { scriptsRoutes } from './scripts.routes.js';
