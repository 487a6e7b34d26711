// @voltfleet/domain/demo: The demo fleet's seeding of history and its progress.
export * from '../demo-seeding.js';
export * from '../demo-seeding-schemas.js';
