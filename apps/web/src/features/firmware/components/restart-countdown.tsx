import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/format';

/** R4.7 (c) / R9.2: counts down the inverter's restart wait after an upgrade was issued. */
export function RestartCountdown({ until, onDone }: { until: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const untilMs = new Date(until).getTime();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = untilMs - now;
  useEffect(() => {
    if (left <= 0) onDone?.();
  }, [left <= 0]); // eslint-disable-line react-hooks/exhaustive-deps -- fire once when the wait ends

  return (
    <Alert
      type={left > 0 ? 'info' : 'success'}
      showIcon
      data-testid="firmware-countdown"
      message={left > 0 ? t('firmware.restarting', { time: formatDuration(left) }) : t('firmware.restartOver')}
    />
  );
}
