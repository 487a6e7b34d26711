/** The reports feature's front door: what the rest of the server may use of it. */
export { startReportExportJob } from './report-export.job.js';
export { reportsRoutes } from './reports.routes.js';
