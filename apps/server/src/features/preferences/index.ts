/** The preferences feature's front door: what the rest of the server may use of it. */
export { preferencesRoutes } from './preferences.routes.js';
