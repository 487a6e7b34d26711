import { isValidTimeZone, localDay } from '@voltfleet/domain/time';
import { type AlarmFilter, type AlarmOverview } from '@voltfleet/domain/alarms';

/**
 * The filters an overview figure's link starts from: the overview's own, with the days of the window it counted
 * when no days were chosen (the server's default window: the last 24 hours, 30 days or 13 months), so the search
 * lists the alarms the figure counted rather than all of them. The window's instants become days in the overview's
 * zone; the search then takes each alarm's day in its own plant's zone, which can differ at the edges.
 */
export function windowFilter(filter: AlarmFilter, overview: Pick<AlarmOverview, 'from' | 'to' | 'timeZone'>) {
  if (filter.from || filter.to) return filter;
  const from = Date.parse(overview.from);
  const to = Date.parse(overview.to);
  if (Number.isNaN(from) || Number.isNaN(to)) return filter;
  const zone = isValidTimeZone(overview.timeZone) ? overview.timeZone : 'UTC';
  return { ...filter, from: localDay(from, zone), to: localDay(to, zone) };
}
