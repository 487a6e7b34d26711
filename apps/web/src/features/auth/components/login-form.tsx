import { useState, type FormEvent } from 'react';
import { Button, Flex, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Me } from '@voltfleet/domain/auth';
import { reportFormError } from '@/lib/form-errors';
import { withTexts } from '@/lib/i18n';
import type { LoginErrors, LoginFieldName, LoginValues } from './login-checks';
import { passwordEncrypter } from '@/lib/password-crypto';
import { useCaptcha } from '../api/get-captcha';
import { getMe } from '@/lib/get-me';
import { login } from '../api/login';
import { CaptchaImage } from './captcha-image';
import { LoginField } from './login-field';

type Field = LoginFieldName;
type Values = LoginValues;
type Errors = LoginErrors;

const FIELDS: readonly Field[] = ['username', 'password', 'captchaCode'];

// The checks (the domain's schemas, zod and the message catalogue) arrive with the first submit, not with the login page.
let checkLogin: ((values: Values) => Errors) | undefined;
const loadLoginChecks = withTexts(['messages/hostileInput', 'messages/validation'], () => import('./login-checks'));
async function loadChecks(): Promise<void> {
  checkLogin ??= (await loadLoginChecks()).checkLogin;
}

const check = (values: Values): Errors => checkLogin?.(values) ?? {};

/** Username, password and captcha, all required (R2.10/R5.10); the password leaves the browser only RSA-encrypted. */
export function LoginForm({ onSignedIn }: { onSignedIn: (me: Me) => void | Promise<void> }) {
  const { t } = useTranslation();
  const { captcha, loading: captchaLoading, refresh: refreshCaptcha } = useCaptcha();
  const [values, setValues] = useState<Values>({ username: '', password: '', captchaCode: '' });
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // After the first attempt the messages follow the typing (and the language); the server's stay until edited.
  const errors: Errors = { ...(submitted ? check(values) : {}), ...serverErrors };

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setServerErrors(({ [field]: _edited, ...rest }) => rest);
  };

  const newCaptcha = () => {
    setValues((v) => ({ ...v, captchaCode: '' }));
    refreshCaptcha();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await loadChecks();
    setSubmitted(true);
    if (Object.keys(check(values)).length > 0 || busy) return;
    if (!captcha) return refreshCaptcha();
    setBusy(true);
    try {
      const encrypt = await passwordEncrypter();
      await login({
        username: values.username.trim(),
        password: await encrypt(values.password),
        captchaId: captcha.captchaId,
        captchaCode: values.captchaCode.trim(),
      });
      await onSignedIn(await getMe());
    } catch (error) {
      // The server's message is already on screen (or goes on the fields); a captcha is good for one try only.
      reportFormError(error, FIELDS, (issues) =>
        setServerErrors(Object.fromEntries(issues.map((i) => [i.path.split('.')[0], i.message]))),
      );
      newCaptcha();
      setBusy(false);
    }
  };

  const field = (name: Field) => ({
    id: `login-${name}`,
    value: values[name],
    onChange: change(name),
    status: errors[name] ? ('error' as const) : undefined,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `login-${name}-error`,
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <LoginField id="login-username" label={t('login.username')} error={errors.username}>
        <Input
          {...field('username')}
          size="large"
          prefix={<UserOutlined />}
          autoComplete="username"
          data-testid="login-username"
        />
      </LoginField>
      <LoginField id="login-password" label={t('login.password')} error={errors.password}>
        <Input.Password
          {...field('password')}
          size="large"
          prefix={<LockOutlined />}
          autoComplete="current-password"
          data-testid="login-password"
        />
      </LoginField>
      <LoginField id="login-captchaCode" label={t('login.captcha')} error={errors.captchaCode}>
        <Flex gap={8} align="center">
          <Input
            {...field('captchaCode')}
            size="large"
            prefix={<SafetyOutlined />}
            autoComplete="off"
            maxLength={16}
            data-testid="login-captcha-input"
          />
          <CaptchaImage image={captcha?.image} loading={captchaLoading} onRefresh={newCaptcha} />
        </Flex>
      </LoginField>
      <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
