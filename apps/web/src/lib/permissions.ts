import { useSession } from './session';

/** Whether the signed-in user holds a permission code (module, page or function such as 'E:role.add'). */
export function useCan(code: string): boolean {
  return useSession()?.me.permissions.includes(code) ?? false;
}
