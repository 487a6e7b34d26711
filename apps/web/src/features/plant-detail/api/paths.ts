// Kept apart from the query modules: the app asks for a plant's first data early (page-registry) without loading
// the query library, and both must ask for the same URL.

/** Live power flow, today's energies and earnings, and the plant's clock. */
export const plantOverviewPath = (plantId: number) => `/api/plants/${plantId}/overview`;
