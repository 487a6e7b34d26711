import { useNavigate, useSearchParams } from 'react-router';
import type { Me } from '@voltfleet/domain/auth';
import LoginPage from '@/features/auth/pages/login-page';
import { settleAccountLanguage } from '@/lib/account-language';
import { currentLang } from '@/lib/i18n';
import { saveSession } from '@/lib/session';
import { DETAIL_ROUTES, PAGE_REGISTRY } from './page-registry';
import { homePath, isAllowedTarget, registeredRoutes } from './routes';

/** The login page, plus where to go once signed in: `from` when the user may open it, else the first page. */
export default function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const onSignedIn = async (signedIn: Me) => {
    // The account's chosen language applies on this browser too before anything is shown.
    const me = await settleAccountLanguage(signedIn);
    saveSession(me, currentLang());
    const routes = registeredRoutes(me.permissions, PAGE_REGISTRY, DETAIL_ROUTES);
    const from = params.get('from');
    // An account awaiting approval has no page: the session guard shows it the waiting page wherever it goes.
    if (me.user.approval === 'pending') navigate('/', { replace: true });
    else navigate(isAllowedTarget(from, routes) ? from : homePath(routes), { replace: true });
  };

  return <LoginPage onSignedIn={onSignedIn} />;
}
