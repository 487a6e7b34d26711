// @voltfleet/domain/workorders: work orders, their life cycle, limits and links.
export * from './work-order-states.js';
export * from './work-order-limits.js';
export * from './work-orders.js';
export * from './work-order-links.js';
