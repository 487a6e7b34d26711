import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentLang } from '@/lib/i18n';
import { getSession, saveSession } from '@/lib/session';
import { getMe } from './get-me';

// Apart from get-me.ts because the login page needs the fetcher but must not pull in the query library.
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: async ({ signal }) => {
      const me = await getMe(signal);
      // The persisted state follows the server: a changed grant changes routes and menus at once. An answer that
      // arrives after sign-out must not sign the user back in.
      if (getSession()) saveSession(me, currentLang());
      return me;
    },
    staleTime: 60_000,
  });

/** Refreshes the persisted `Me` from the server while the shell is open. */
export function useRefreshMe() {
  return useQuery(meQueryOptions());
}
