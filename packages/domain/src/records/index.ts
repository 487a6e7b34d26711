// @voltfleet/domain/records: Operation and control records: categories, field changes, the readable sentences and the
// filters.
export * from '../records.js';
export * from '../record-actions.js';
export * from '../record-headline.js';
export * from '../record-filters.js';
export * from '../record-labels.js';
