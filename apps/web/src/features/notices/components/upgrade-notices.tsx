import { Suspense, useState } from 'react';
import { withTexts } from '@/lib/i18n';
import { lazyLoad } from '@/lib/lazy-load';
import { useUnseenNotices } from '../api/get-unseen-notices';

// The dialog (antd Modal and its styles) loads only when there is something to show, so the shell stays small.
const UpgradeNoticeDialog = lazyLoad(withTexts(['notices'], () => import('./upgrade-notice-dialog')));

/**
 * The shell's upgrade notice dialog (R2.12): after login, each published notice the user has not dismissed yet, one
 * at a time, newest first. "Got it" dismisses it on the server for good; closing the dialog only puts the notices off
 * until the next login (the shell mounts afresh then).
 */
export function UpgradeNotices({ listPath }: { listPath: string }) {
  const { data: notices } = useUnseenNotices();
  const [later, setLater] = useState(false);
  if (later || !notices?.length) return null;
  return (
    <Suspense fallback={null}>
      <UpgradeNoticeDialog notices={notices} onClose={() => setLater(true)} listPath={listPath} />
    </Suspense>
  );
}
