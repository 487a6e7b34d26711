// @voltfleet/domain/envelope: The HTTP API's response envelope `{ code, msg, data }`: its response codes, validation
// issues and paged lists.
export * from '../envelope.js';
export * from '../envelope-schemas.js';
