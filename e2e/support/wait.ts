/** The longest any single step may take: generous for a loaded machine, short enough to fail fast. */
export const WAIT_MS = 15_000;
