// Kept apart from the query modules: the app asks for a device's first data early (page-registry) without loading
// the query library, and both must ask for the same URL.

/** Basic info of one device (R3.3 fields). */
export const deviceDetailPath = (id: number) => `/api/devices/${id}/detail`;

/** The newest reading of one device by monitoring group. */
export const deviceRealtimePath = (id: number) => `/api/devices/${id}/realtime`;
