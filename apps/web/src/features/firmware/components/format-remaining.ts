/** "mm:ss" of the time left, never negative (the restart countdown). */
export function formatRemaining(ms: number): string {
  const totalS = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(totalS / 60)).padStart(2, '0')}:${String(totalS % 60).padStart(2, '0')}`;
}
