import { useCallback, useEffect, useState } from 'react';
import type { captchaResponseSchema } from '@voltfleet/domain/auth';
import { http } from '@/lib/http';
import type { Infer } from '@/lib/infer';

type Captcha = Infer<typeof captchaResponseSchema>;

export function getCaptcha(): Promise<Captcha> {
  return http.get<Captcha>('/api/auth/captcha');
}

/**
 * The current captcha; `refresh()` fetches a new one (a captcha is single use). A new one also comes shortly before
 * the old one expires. Plain state rather than a query library, to keep the login page light.
 */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha>();
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    getCaptcha()
      .then((next) => current && setCaptcha(next))
      .catch(() => current && setCaptcha(undefined))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [generation]);

  const refresh = useCallback(() => {
    setLoading(true);
    setGeneration((g) => g + 1);
  }, []);

  useEffect(() => {
    if (!captcha) return;
    const timer = setTimeout(refresh, Math.max(10, captcha.expiresInSeconds - 5) * 1000);
    return () => clearTimeout(timer);
  }, [captcha, refresh]);

  return { captcha, loading, refresh };
}
