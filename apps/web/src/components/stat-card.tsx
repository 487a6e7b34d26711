import type { ReactNode } from 'react';
import './stat-card.css';

/** A labelled figure with its unit, as the statistics and detail pages show them side by side. */
export function StatCard({
  label,
  value,
  unit,
  tone,
  note,
  'data-testid': testId,
}: {
  label: ReactNode;
  value: ReactNode;
  unit?: string;
  tone?: 'success' | 'error' | 'warning' | 'muted';
  /** A line under the figure that qualifies it (the alarms behind a count of normal plants). */
  note?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className={`stat-card${tone ? ` stat-card-${tone}` : ''}`}>
      <div className="stat-card-label">{label}</div>
      <div className="stat-card-value" data-testid={testId}>
        {value}
        {unit && <span className="stat-card-unit">{unit}</span>}
      </div>
      {note && <div className="stat-card-note">{note}</div>}
    </div>
  );
}

/** A titled block of a figures page. */
export function StatSection({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="stat-section">
      <div className="stat-section-head">
        <h2>{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}
