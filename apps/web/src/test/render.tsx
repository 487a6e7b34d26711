import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { Lang } from '@voltfleet/domain/i18n';
import type { Me } from '@voltfleet/domain/auth';
import { Providers } from '@/app/providers';
import { changeLang, i18next, initI18n, loadTexts } from '@/lib/i18n';
import { MESSAGES, TEXT_NAMESPACES } from '@/locales/namespaces';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { saveSession } from '@/lib/session';

interface Options {
  /** The UI language (strings and Ant Design locale), loaded as the app loads it. Default en. */
  lang?: Lang;
  /** A signed-in user, for components behind the session guard (useMe, the live socket). */
  me?: Me;
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
}

/** Puts the UI in a language the way the app does: the first call starts i18next, later ones switch. */
export async function switchLanguage(lang: Lang): Promise<void> {
  if (i18next.isInitialized) await changeLang(lang);
  else await initI18n(lang);
  // Components are tested with every namespace loaded (which route loads which is texts-coverage.test.ts's part).
  await loadTexts([...TEXT_NAMESPACES, MESSAGES], lang);
}

/**
 * Renders a component inside the app's own providers: i18next in `lang`, Ant Design's ConfigProvider with that
 * language's locale and the notice host (so notices land in the document), and a query client with the app's
 * defaults (no retries). A fresh query client per render, so no test sees another's cache.
 */
export async function renderWithProviders(ui: ReactElement, { lang = 'en', me }: Options = {}): Promise<Rendered> {
  await switchLanguage(lang);
  if (me) saveSession(me, lang);
  const queryClient = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <Providers>{children}</Providers>
    </QueryClientProvider>
  );
  // No pause between keystrokes: the components under test do not depend on typing speed.
  const user = userEvent.setup({ delay: null });
  // Rendered first, not inside the return: there the declared return type would steer the inference of render's
  // query type parameter, and the result would lose its queries.
  const view = render(ui, { wrapper });
  return { ...view, user, queryClient };
}

/** A signed-in user as GET /api/auth/me describes one; `permissions` are the granted codes. */
export function testMe(permissions: string[] = []): Me {
  return {
    user: {
      id: 7,
      username: 'installer',
      name: 'Installer',
      code: 'U7',
      email: 'installer@example.com',
      prePhoneCode: '+86',
      phone: '13800000000',
      company: 'Voltfleet',
      remark: '',
      avatar: null,
      level: 1,
      enabled: true,
      approval: 'approved',
      roleId: 1,
      roleName: 'Administrator',
      superiorId: null,
      superiorName: null,
      parentCustomerCode: null,
      createdAt: '2024-01-01T00:00:00.000Z',
      language: 'en',
      languageChosen: false,
    },
    role: { id: 1, name: 'Administrator', views: [] },
    permissions,
    modules: [],
  };
}
