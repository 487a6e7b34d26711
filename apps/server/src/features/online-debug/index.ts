/** The online-debug feature's front door: what the rest of the server may use of it. */
export { registerOnlineDebug } from './online-debug.routes.js';
export { DebugGatewaySlot } from './online-debug.service.js';
