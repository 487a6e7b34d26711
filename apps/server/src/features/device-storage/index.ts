/** The device-storage feature's front door: what the rest of the server may use of it. */
export { deviceStorageRoutes } from './device-storage.routes.js';
