import { Suspense, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { withTexts } from '@/lib/i18n';
import { lazyLoad } from '@/lib/lazy-load';
import { NOTICES_PATH } from '../routes';

// The drawer (its texts, antd Drawer and the fault catalogue) loads on first use, not with every page.
const HelpDrawer = lazyLoad(
  withTexts(
    [
      'help',
      'messages/alarmCatalogue',
      'messages/alarmLabels',
      'messages/alarms',
      'messages/fields',
      'messages/hostileInput',
      'messages/mail',
      'messages/notificationRules',
      'messages/options',
      'messages/telemetry',
      'messages/validation',
      'notices',
    ],
    () => import('./help-drawer'),
  ),
);

/** Header help button: opens the help of the current screen. */
export function HelpButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('shell.help')}>
        <Button
          type="text"
          aria-label={t('shell.help')}
          data-testid="help"
          icon={<QuestionCircleOutlined />}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <HelpDrawer onClose={() => setOpen(false)} noticesPath={NOTICES_PATH} />
        </Suspense>
      )}
    </>
  );
}
