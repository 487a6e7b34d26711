import { useState, type HTMLAttributes, type ReactNode } from 'react';
import './device-table.css';

interface Props extends Omit<HTMLAttributes<HTMLSpanElement>, 'className' | 'children'> {
  /** What the cell shows, compared between renders: a change makes the cell flash. */
  value: string | number | null;
  testId: string;
  children: ReactNode;
}

/** A table value that lights up briefly whenever it changes while on screen (not when it first appears). */
export function LiveValue({ value, testId, children, ...rest }: Props) {
  const [shown, setShown] = useState(value);
  const [changes, setChanges] = useState(0);
  // State from the previous render (React's documented pattern): counts changes without an effect.
  if (shown !== value) {
    setShown(value);
    setChanges((n) => n + 1);
  }
  // A new key restarts the CSS animation on every change.
  return (
    <span key={changes} {...rest} data-testid={testId} className={changes > 0 ? 'live-value live-flash' : 'live-value'}>
      {children}
    </span>
  );
}
