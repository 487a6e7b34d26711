// @voltfleet/domain/solar: the sun's position, the clear-sky irradiance model, the irradiance on a tilted array, and
// their daily sums over a plant-local day. One model for the simulator's weather and the platform's expected yield.
export * from './sun.js';
export * from './daily.js';
