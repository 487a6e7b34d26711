import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CodeSent } from '@voltfleet/domain/auth';

/**
 * "Send code", then a countdown of the server's resend wait before it may be pressed again. `send` returns the
 * server's answer, or undefined when nothing was sent (a field was wrong; the form shows why). The wait is the
 * address's (the server's rule is one code per address a minute): with `address` given, another address may be sent
 * to at once (a refused registration spends its code, and the user may try another number).
 */
export function CodeSendButton({
  send,
  testId,
  address,
}: {
  send: () => Promise<CodeSent | undefined>;
  testId: string;
  address?: string;
}) {
  const { t } = useTranslation();
  const [counting, setWait] = useState(0);
  const [sentTo, setSentTo] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const wait = sentTo === address ? counting : 0;

  useEffect(() => {
    if (counting <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [counting]);

  const press = async () => {
    setBusy(true);
    try {
      const sent = await send();
      if (sent) {
        setSentTo(address);
        setWait(sent.resendSeconds);
      }
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
