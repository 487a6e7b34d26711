// @voltfleet/domain/performance: expected energy, performance ratio, the under-performance and battery-health rules,
// and the performance routes' schemas (issue 42, docs/performance.md).
export * from './performance.js';
export * from './performance-schemas.js';
export * from './performance-labels.js';
