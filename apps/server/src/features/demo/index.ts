/** The demo feature's front door: what the rest of the server may use of it. */
export { registerDemo } from './demo.routes.js';
export { runDemoFleet } from './demo.runner.js';
export { DemoSeeding, demoSeedingFor } from './demo.seeding.js';
export { demoSkyLookup } from './demo.sky.js';
