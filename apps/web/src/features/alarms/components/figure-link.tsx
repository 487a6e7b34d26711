import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AlarmFilter } from '@voltfleet/domain/alarms';
import { StatCard } from '@/components/stat-card';
import { alarmSearchUrl } from '../utils/search-params';
import './alarms.css';

/** A figure of the overview that opens the alarm search filtered to exactly what it counts. */
export function FigureLink({
  filter,
  label,
  value,
  tone,
  testId,
}: {
  filter: AlarmFilter;
  label: ReactNode;
  value: ReactNode;
  tone?: 'success' | 'error' | 'muted';
  testId: string;
}) {
  return (
    <Link to={alarmSearchUrl(filter)} className="alarm-figure-link" data-testid={`${testId}-link`}>
      <StatCard label={label} value={value} tone={tone} data-testid={testId} />
    </Link>
  );
}
