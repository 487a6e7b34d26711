/** The records feature's front door: what the rest of the server may use of it. */
export { recordsRoutes } from './records.routes.js';
