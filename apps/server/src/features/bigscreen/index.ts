/** The bigscreen feature's front door: what the rest of the server may use of it. */
export { kioskSocketViewer } from './big-screen.live.js';
export { bigScreenRoutes, kioskLinksRoutes } from './big-screen.routes.js';
