import { useTranslation } from 'react-i18next';
import type { LiveState } from '@/lib/live-socket';

/** Whether the numbers on screen are live: a green dot while the live channel is open. */
export function LiveIndicator({ state }: { state: LiveState }) {
  const { t } = useTranslation();
  return (
    <span className="live-indicator" role="status" data-testid="device-live" data-state={state}>
      <span className={`live-dot live-dot-${state}`} aria-hidden />
      {t(`devices.live.${state}`)}
    </span>
  );
}
