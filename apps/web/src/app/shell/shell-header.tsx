import type { ReactNode } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import { LogoutOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '@/features/auth';
import { ProjectListButton } from '@/features/plants';
import { LanguageSwitch } from '@/components/language-switch';
import { closeLive } from '@/lib/live-socket';
import { useMe } from '@/lib/session';
import { NotificationBell } from '@/features/messages';
import { MESSAGES_PATH, PERSONAL_CENTER_PATH, SESSION_ENDED, WORK_ORDERS_PATH } from '../routes';
import { useCanOpenLink } from '../pages/message-links';
import { FullscreenButton } from './fullscreen-button';
import { HelpButton } from './help-button';

/** Signs out: the session ends locally even when the server cannot be reached. */
export function useExit(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    closeLive();
    await logout().catch(() => undefined);
    navigate('/login', { replace: true, state: SESSION_ENDED });
  };
}

/** A header button's words: hidden below Ant Design's lg breakpoint, where the button shows its icon alone. */
const label = (text: string) => <span className="shell-tool-label">{text}</span>;

/**
 * Header tools: project list, language, notifications, help, full screen, personal center and exit. On a phone
 * (`phoneMenu`, the menu's button) the header keeps the menu button, language, notifications, help and the personal
 * center; the menu drawer has the rest.
 */
export function ShellHeader({ phoneMenu }: { phoneMenu?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useMe();
  const canOpenLink = useCanOpenLink();
  const exit = useExit();
  const wide = phoneMenu === undefined;
  const name = user.name || user.username;
  const bell = <NotificationBell listPath={MESSAGES_PATH} canOpen={canOpenLink} />;

  return (
    <Flex justify="flex-end" align="center" gap={wide ? 8 : 0} style={{ height: '100%' }}>
      {!wide && <div className="shell-header-start">{phoneMenu}</div>}
      {wide && <ProjectListButton />}
      {wide && (
        <Button
          type="text"
          icon={<ToolOutlined />}
          aria-label={t('workOrders.title')}
          data-testid="work-orders-button"
          onClick={() => navigate(WORK_ORDERS_PATH)}
        >
          {label(t('workOrders.title'))}
        </Button>
      )}
      <LanguageSwitch />
      {wide && bell}
      <HelpButton />
      {wide && <FullscreenButton />}
      <Tooltip title={t('shell.personalCenter')}>
        <Button
          type="text"
          aria-label={`${t('shell.personalCenter')}: ${name}`}
          icon={
            // The avatar is a plain <img> of its (versioned, cacheable) URL: nothing for the shell's download.
            user.avatar ? (
              <img
                src={user.avatar}
                alt=""
                width={20}
                height={20}
                style={{ borderRadius: '50%', objectFit: 'cover', verticalAlign: 'middle' }}
                data-testid="user-menu-avatar"
              />
            ) : (
              <UserOutlined />
            )
          }
          data-testid="user-menu"
          onClick={() => navigate(PERSONAL_CENTER_PATH)}
        >
          {label(name)}
        </Button>
      </Tooltip>
      {wide && (
        <Button
          type="text"
          icon={<LogoutOutlined />}
          aria-label={t('shell.logout')}
          data-testid="logout"
          onClick={() => void exit()}
        >
          {label(t('shell.logout'))}
        </Button>
      )}
      {/* A phone's bell is at the end: its popover then opens across the window's width, to the bell's left. */}
      {!wide && bell}
    </Flex>
  );
}
