// @voltfleet/domain/plants: Plants: their settings, list, statistics, energy balance and saving, weather, and plant
// scripts.
export * from '../plants.js';
export * from '../plants-schemas.js';
export * from '../plant-list.js';
export * from '../plant-stats.js';
export * from '../plant-stats-schemas.js';
export * from '../energy-balance.js';
export * from '../energy-saving.js';
export * from '../weather.js';
export * from '../weather-schemas.js';
export * from '../plant-scripts.js';
