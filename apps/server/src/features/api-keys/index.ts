/** The api-keys feature's front door: what the rest of the server may use of it. */
export { apiKeysRoutes } from './api-keys.routes.js';
export { apiKeyStore } from './api-keys.repository.js';
