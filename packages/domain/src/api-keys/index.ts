// @voltfleet/domain/api-keys: API keys for programs, limited to part of their owner's permissions and plants.
export * from './api-keys.js';
export * from './api-keys-schemas.js';
