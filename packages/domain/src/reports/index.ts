// @voltfleet/domain/reports: Reports: templates, data selection and the energy exports.
export * from '../reports.js';
export * from '../energy-export.js';
export * from '../energy-export-words.js';
