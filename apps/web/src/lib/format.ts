const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO time from the API as local date and time ("2026-01-31 08:05:09"), or an em dash when absent. Plain Date
 * arithmetic: every list shows times, and dayjs is only needed where dates are picked.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
