import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { i18next } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';

/**
 * Server data lives only inside the shell, so the login page loads no query library. Switching the language
 * refetches (names and messages come localised); leaving the shell (sign-out, expired session) forgets everything.
 */
export function ShellQueries({ children }: { children: ReactNode }) {
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries();
    i18next.on('languageChanged', refetch);
    return () => {
      i18next.off('languageChanged', refetch);
      queryClient.clear();
    };
  }, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
