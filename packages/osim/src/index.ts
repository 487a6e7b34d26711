// @voltfleet/osim: the Sermatec OSIM protocol codec. Pure TypeScript (Uint8Array, no Node APIs): runs in Node and
// in the browser. Nothing here throws; every operation returns an OsimResult with a typed error.
export * from './errors.js';
export * from './layout.js';
export * from './frame.js';
export * from './reader.js';
export * from './registry.js';
export * from './codec.js';
export * from './messages.js';
export * from './clock.js';
export * from './options.js';
export * from './catalogue.js';
export * from './upgrade.js';
export * from './firmware-version.js';
export * from './settings-registers.js';
export * from './settings-tariff.js';
export * from './settings-forced-charging.js';
export * from './settings-blocks.js';
export * from './reading-fields.js';
