import type { FormInstance } from 'antd';
import { captchaFields } from '@voltfleet/domain/auth';
import { schemaMessage } from '@/lib/form-rules';
import { useCaptcha } from '../api/get-captcha';

/**
 * The captcha a code request carries (issue 38: every request may cost an SMS): read from the form's `captchaCode`
 * field, and replaced after each request, right or wrong, since the server spends it either way. The field is checked
 * here, when a code is asked for, and has no rule of the form's: submitting the form (after the code came, when the
 * field is empty again) does not need it.
 */
export function useCodeCaptcha(form: FormInstance) {
  const captcha = useCaptcha();
  const solved = async (): Promise<{ captchaId: string; captchaCode: string } | undefined> => {
    const captchaCode = String(form.getFieldValue('captchaCode') ?? '').trim();
    const refused = schemaMessage(captchaFields.captchaCode, captchaCode);
    form.setFields([{ name: 'captchaCode', errors: refused ? [refused] : [] }]);
    if (!captcha.captcha) captcha.refresh();
    if (refused || !captcha.captcha) return undefined;
    return { captchaId: captcha.captcha.captchaId, captchaCode };
  };
  const spent = () => {
    form.setFieldValue('captchaCode', '');
    captcha.refresh();
  };
  return { ...captcha, solved, spent };
}

export type CodeCaptcha = ReturnType<typeof useCodeCaptcha>;
