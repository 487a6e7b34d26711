// Kept apart from the query modules: the app asks for the statistics' first data early (page-registry) without
// loading the query library, and both must ask for the same URL.

/** Counts, power, energies, earnings and savings over every plant in the caller's scope. */
export const STATS_SUMMARY_PATH = '/api/plant-statistics/summary';
