import { useCallback, useMemo } from 'react';
import { MODULES } from '@voltfleet/domain/permissions';
import { useMe } from '@/lib/session';
import { usePageTable } from '../page-table';
import { isAllowedTarget, registeredRoutes } from '../routes';

const MODULE_ROOTS = MODULES.map((m) => `/${m.path}/`);

/**
 * Whether the signed-in user can open a message's link. A page of a permission module (an alarm in the Alarm Center,
 * the command page) only when it is registered for them; any other path (the notices, the work orders, pages every
 * user has) always: those answer for themselves.
 */
export function useCanOpenLink(): (link: string) => boolean {
  const { permissions } = useMe();
  const { pages, details } = usePageTable();
  const routes = useMemo(() => registeredRoutes(permissions, pages, details), [permissions, pages, details]);
  return useCallback(
    (link: string) => !MODULE_ROOTS.some((root) => link.startsWith(root)) || isAllowedTarget(link, routes),
    [routes],
  );
}
