import type { PlantStatus } from '@voltfleet/domain/plants';

/** Colours of the plant statuses on the big screens (markers, legend, status split), readable on the dark theme. */
export const STATUS_COLORS: Record<PlantStatus, string> = { normal: '#52c41a', alarm: '#ff4d4f', offline: '#8c8c8c' };
