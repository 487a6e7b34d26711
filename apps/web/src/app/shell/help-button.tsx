import { Suspense, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lazyLoad } from '@/lib/lazy-load';
import { NOTICES_PATH } from '../routes';

// The dialog (and antd Modal) loads on first use, not with every page.
const HelpDialog = lazyLoad(() => import('./help-dialog'));

/** Header help button. */
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
          <HelpDialog onClose={() => setOpen(false)} noticesPath={NOTICES_PATH} />
        </Suspense>
      )}
    </>
  );
}
