import type { FormInstance } from 'antd';
import { useCaptcha } from '../api/get-captcha';

/**
 * The captcha a code request carries (issue 38: every request may cost an SMS): read from the form's `captchaCode`
 * field after it validates, and replaced after each request, right or wrong, since the server spends it either way.
 */
export function useCodeCaptcha(form: FormInstance) {
  const captcha = useCaptcha();
  const solved = async (): Promise<{ captchaId: string; captchaCode: string } | undefined> => {
    const ok = await form.validateFields(['captchaCode']).then(
      () => true,
      () => false,
    );
    if (!captcha.captcha) captcha.refresh();
    if (!ok || !captcha.captcha) return undefined;
    return { captchaId: captcha.captcha.captchaId, captchaCode: String(form.getFieldValue('captchaCode')).trim() };
  };
  const spent = () => {
    form.setFieldValue('captchaCode', '');
    captcha.refresh();
  };
  return { ...captcha, solved, spent };
}

export type CodeCaptcha = ReturnType<typeof useCodeCaptcha>;
