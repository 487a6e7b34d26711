import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableId, TablePreferences } from '@voltfleet/domain/users';
import { withChoice } from './column-choice';
import { http } from './http';

const KEY = ['preferences', 'tables'] as const;

/** The signed-in user's list column choices (GET /api/preferences/tables), read by the lists themselves. */
export function getTablePreferences(signal?: AbortSignal): Promise<TablePreferences> {
  return http.get('/api/preferences/tables', { signal });
}

// A choice changes only when this user makes it: no refetching on focus or mount.
export const tablePreferencesQuery = queryOptions({
  queryKey: KEY,
  queryFn: ({ signal }) => getTablePreferences(signal),
  staleTime: Infinity,
});

export function useTablePreferences() {
  return useQuery(tablePreferencesQuery);
}

/**
 * One list's choice as sent: the domain's tableChoiceSchema narrows `hidden` to each list's own columns, which the
 * chooser only ever offers; the server checks it with that schema.
 */
export interface TableChoiceBody {
  table: TableId;
  hidden: string[];
}

/** Stores one list's choice (PUT /api/preferences/tables): every column hidden; the list's default is stored as none. */
export function saveTableChoice(choice: TableChoiceBody): Promise<TablePreferences> {
  return http.put('/api/preferences/tables', choice);
}

/** Saves a choice, showing it at once and going back to the stored one if the server refuses it. */
export function useSaveTableChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: KEY,
    mutationFn: saveTableChoice,
    onMutate: async (choice) => {
      await queryClient.cancelQueries({ queryKey: KEY });
      const before = queryClient.getQueryData<TablePreferences>(KEY);
      queryClient.setQueryData(KEY, withChoice(before, choice.table, choice.hidden));
      return { before };
    },
    onError: (_error, _choice, context) => queryClient.setQueryData(KEY, context?.before),
    // While a later choice is still on its way, its optimistic state stays rather than an earlier answer's.
    onSuccess: (stored) => {
      if (queryClient.isMutating({ mutationKey: KEY }) <= 1) queryClient.setQueryData(KEY, stored);
    },
  });
}
