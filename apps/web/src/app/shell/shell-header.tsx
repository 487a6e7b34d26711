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

/** Header tools: project list, language, notifications, help, full screen, personal center and exit. */
export function ShellHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useMe();
  const canOpenLink = useCanOpenLink();

  const exit = async () => {
    closeLive();
    // The session ends locally even when the server cannot be reached.
    await logout().catch(() => undefined);
    navigate('/login', { replace: true, state: SESSION_ENDED });
  };

  return (
    <Flex justify="flex-end" align="center" gap={8} style={{ height: '100%' }}>
      <ProjectListButton />
      <Button
        type="text"
        icon={<ToolOutlined />}
        data-testid="work-orders-button"
        onClick={() => navigate(WORK_ORDERS_PATH)}
      >
        {t('workOrders.title')}
      </Button>
      <LanguageSwitch />
      <NotificationBell listPath={MESSAGES_PATH} canOpen={canOpenLink} />
      <HelpButton />
      <FullscreenButton />
      <Tooltip title={t('shell.personalCenter')}>
        <Button
          type="text"
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
          {user.name || user.username}
        </Button>
      </Tooltip>
      <Button type="text" icon={<LogoutOutlined />} data-testid="logout" onClick={() => void exit()}>
        {t('shell.logout')}
      </Button>
    </Flex>
  );
}
