import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CodeSent } from '@voltfleet/domain/auth';

/**
 * "Send code", then a countdown of the server's resend wait before it may be pressed again. `send` returns the
 * server's answer, or undefined when nothing was sent (a field was wrong; the form shows why).
 */
export function CodeSendButton({ send, testId }: { send: () => Promise<CodeSent | undefined>; testId: string }) {
  const { t } = useTranslation();
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const press = async () => {
    setBusy(true);
    try {
      const sent = await send();
      if (sent) setWait(sent.resendSeconds);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button onClick={() => void press()} disabled={wait > 0} loading={busy} data-testid={testId}>
      {wait > 0 ? t('register.resendIn', { seconds: wait }) : t('register.sendCode')}
    </Button>
  );
}
