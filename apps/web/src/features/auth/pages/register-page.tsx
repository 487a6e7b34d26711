import { useEffect, useState } from 'react';
import { Button, Flex, Form, Result, Segmented, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PHONE_PREFIX } from '@voltfleet/domain/validation';
import { type CodeChannel, type RegisterRequest, type CodeSent } from '@voltfleet/domain/auth';
import { LanguageSwitch } from '@/components/language-switch';
import { ApiError } from '@/lib/http';
import { showFormError } from '@/lib/form-rules';
import { message } from '@/lib/i18n';
import { notifySuccess } from '@/lib/success';
import { usePhone } from '@/lib/use-phone';
import { register } from '../api/register';
import { requestCode } from '../api/request-code';
import { RegisterAccountFields } from '../components/register-account-fields';
import { RegisterContactFields } from '../components/register-contact-fields';
import { RegisterLinkedFields } from '../components/register-linked-fields';
import { useCodeCaptcha } from '../components/use-code-captcha';

/** The form's values: the request, the repeated password, and the captcha a code request carries. */
type Values = RegisterRequest & { confirm: string; captchaCode?: string };

/** The fields of each step, for checking a step before the next and for going back to a field the server refused. */
const STEP_FIELDS: (keyof Values)[][] = [
  ['username', 'password', 'confirm', 'role'],
  ['name', 'prePhoneCode', 'phone', 'email', 'company', 'verificationCode'],
  ['superiorCode'],
];
const DONE = 3;

/** /register (R2.11): account info → contact → affiliated account → completed, by e-mail or by mobile number. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const phone = usePhone();
  // The page's words are a part of the language file of their own, fetched here (again after a language switch).
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [channel, setChannel] = useState<CodeChannel>('email');
  const [busy, setBusy] = useState(false);
  const captcha = useCodeCaptcha(form);
  useEffect(() => {
    document.title = `${t('register.title')} · Voltfleet`;
  }, [t]);

  const next = async () => {
    await form.validateFields(STEP_FIELDS[step]);
    setStep((s) => s + 1);
  };

  const sendCode = async (): Promise<CodeSent | undefined> => {
    const addressFields: (keyof Values)[] = channel === 'email' ? ['email'] : ['prePhoneCode', 'phone'];
    const ok = await form.validateFields(addressFields).then(
      () => true,
      () => false,
    );
    const solved = ok ? await captcha.solved() : undefined;
    if (!solved) return undefined;
    const v = form.getFieldsValue(addressFields);
    try {
      const sent = await requestCode({ purpose: 'register', channel, ...v, ...solved });
      captcha.spent();
      notifySuccess('verification.codeSent');
      return sent;
    } catch (error) {
      // A captcha is good for one request: a new one before the refusal goes on its field.
      captcha.spent();
      showFormError(form, error);
      return undefined;
    }
  };

  const submit = async () => {
    await form.validateFields(STEP_FIELDS[2]);
    setBusy(true);
    try {
      const { confirm: _confirm, captchaCode: _captcha, ...values } = form.getFieldsValue(true) as Values;
      await register({
        ...values,
        channel,
        superiorCode: values.superiorCode || undefined,
        company: values.company || undefined,
      });
      setStep(DONE);
    } catch (error) {
      showFormError(form, error);
      // Back to the first step holding a field the server refused.
      if (error instanceof ApiError) {
        const fields = error.issues.map((i) => i.path.split('.')[0]);
        const at = STEP_FIELDS.findIndex((names) => names.some((n) => fields.includes(n)));
        if (at >= 0) setStep(at);
      }
    } finally {
      setBusy(false);
    }
  };

  const titles = ['register.stepAccount', 'register.stepContact', 'register.stepLinked', 'register.stepDone'] as const;

  return (
    <main className="login-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <div className="login-card" style={{ maxWidth: 600 }}>
        <h1 className="login-brand" data-testid="page-title">
          {t('register.title')}
        </h1>
        <Steps
          size="small"
          current={step}
          items={titles.map((key, i) => ({ title: <span data-testid={`register-step-${i}`}>{t(key)}</span> }))}
          style={{ marginBottom: 24 }}
        />
        {step === DONE ? (
          <Result
            status="success"
            title={<span data-testid="register-success">{message('register.success')}</span>}
            subTitle={<span data-testid="register-awaiting">{message('register.awaitingApproval')}</span>}
            extra={
              <Link to="/login" data-testid="register-to-login">
                <Button type="primary">{t('register.toLogin')}</Button>
              </Link>
            }
          />
        ) : (
          <>
            <Segmented<CodeChannel>
              block
              // On a phone one above the other: side by side, each was cut to a few words.
              vertical={phone}
              value={channel}
              onChange={setChannel}
              options={[
                { value: 'email', label: <span data-testid="register-by-email">{t('register.byEmail')}</span> },
                { value: 'sms', label: <span data-testid="register-by-mobile">{t('register.byMobile')}</span> },
              ]}
              style={{ marginBottom: 16 }}
            />
            <Form<Values>
              form={form}
              layout="vertical"
              requiredMark
              initialValues={{ prePhoneCode: DEFAULT_PHONE_PREFIX, role: 'personal' }}
              onFinish={() => void submit()}
              onFinishFailed={({ errorFields }) => {
                const names = errorFields.map((f) => String(f.name[0]));
                const at = STEP_FIELDS.findIndex((fields) => fields.some((n) => names.includes(n)));
                if (at >= 0) setStep(at);
              }}
            >
              {/* Every step stays mounted so its values survive going back and forth. */}
              <div hidden={step !== 0}>
                <RegisterAccountFields />
              </div>
              <div hidden={step !== 1}>
                <RegisterContactFields channel={channel} sendCode={sendCode} captcha={captcha} />
              </div>
              <div hidden={step !== 2}>
                <RegisterLinkedFields />
              </div>
              <Flex gap={8} justify="space-between" align="center">
                <Link to="/login" data-testid="register-back-to-login">
                  {t('register.backToLogin')}
                </Link>
                <Flex gap={8}>
                  {step > 0 && (
                    <Button onClick={() => setStep((s) => s - 1)} data-testid="register-previous">
                      {t('register.previous')}
                    </Button>
                  )}
                  {/* Keys keep React from turning the pressed Next into the submit button during its own click
                      (the click would then submit the form). */}
                  {step < 2 ? (
                    <Button
                      key="next"
                      type="primary"
                      onClick={() => void next().catch(() => undefined)}
                      data-testid="register-next"
                    >
                      {t('register.next')}
                    </Button>
                  ) : (
                    <Button key="submit" type="primary" htmlType="submit" loading={busy} data-testid="register-submit">
                      {t('register.submit')}
                    </Button>
                  )}
                </Flex>
              </Flex>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
