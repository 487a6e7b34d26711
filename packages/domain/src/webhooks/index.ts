// @voltfleet/domain/webhooks: signed webhooks, their events, permissions and schemas.
export * from '../webhooks.js';
export * from '../webhooks-schemas.js';
