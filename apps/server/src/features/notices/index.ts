/** The notices feature's front door: what the rest of the server may use of it. */
export { noticesRoutes } from './notices.routes.js';
