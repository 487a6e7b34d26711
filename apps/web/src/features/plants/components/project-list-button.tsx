import { Suspense, useState } from 'react';
import { Button } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/permissions';
import { withTexts } from '@/lib/i18n';
import { lazyLoad } from '@/lib/lazy-load';

// The switcher (and the plant list query) loads on first use, not with the shell.
const ProjectSwitcher = lazyLoad(withTexts(['plantList'], () => import('./project-switcher')));

/** The header's project list button; only for users with the Plant Center module (A). */
export function ProjectListButton() {
  const { t } = useTranslation();
  const allowed = useCan('A');
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button
        type="text"
        icon={<AppstoreOutlined />}
        aria-label={t('plantList.projects.button')}
        data-testid="project-list"
        onClick={() => setOpen(true)}
      >
        {/* In the header, the words show on a wide screen only (shell-tool-label); in the phone's menu, always. */}
        <span className="shell-tool-label">{t('plantList.projects.button')}</span>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ProjectSwitcher onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
