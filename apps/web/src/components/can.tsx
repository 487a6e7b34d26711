import type { ReactNode } from 'react';
import { useCan } from '@/lib/permissions';

/** Renders its children only when the user holds the function permission `code` (R6.3). */
export function Can({ code, children }: { code: string; children: ReactNode }) {
  return useCan(code) ? children : null;
}
