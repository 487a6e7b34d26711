import dayjs from 'dayjs';

/** An ISO time from the API as local date and time, or an em dash when absent. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—';
}
