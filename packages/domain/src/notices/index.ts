// @voltfleet/domain/notices: Upgrade notices and the in-app messages inbox.
export * from '../notices.js';
export * from '../messages-inbox.js';
export * from '../messages-inbox-schemas.js';
