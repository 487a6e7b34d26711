/** The live feature's front door: what the rest of the server may use of it. */
export { KIOSK_ENDED_CHANNEL } from './live.bus.js';
export type { LiveBus, LivePublisher } from './live.bus.js';
export type { LiveHub, LiveViewer } from './live.hub.js';
export { closeLive, createLive, liveRoutes } from './live.routes.js';
export type { KioskViewer } from './live.routes.js';
