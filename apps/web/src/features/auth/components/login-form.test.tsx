import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@voltfleet/domain/i18n';
import type { Me } from '@voltfleet/domain/auth';
import { fakeApi, ok, refused, type ApiCall } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import { LoginForm } from './login-form';

const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

/** The server's key pair: the form gets the public half, the test reads the password with the private one. */
async function serverKeys() {
  const keys = await crypto.subtle.generateKey(
    { ...OAEP, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
  const publicKey = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----`;
  const decrypt = async (blob: string): Promise<unknown> => {
    const bytes = Uint8Array.from(atob(blob), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(await crypto.subtle.decrypt(OAEP, keys.privateKey, bytes)));
  };
  return { publicKey, decrypt };
}

let keys: Awaited<ReturnType<typeof serverKeys>>;
// One key pair for the file: making one takes a while.
beforeAll(async () => {
  keys = await serverKeys();
});

/** Each captcha request gets a new one (a captcha is good for one try). */
function captchas() {
  let n = 0;
  return () => {
    n += 1;
    return ok({
      captchaId: `captcha-${n}`,
      image: `data:image/svg+xml;base64,${btoa(`<svg>${n}</svg>`)}`,
      expiresInSeconds: 120,
    });
  };
}

/** The captcha picture (inside its refresh button, so not a role of its own). */
const captchaImage = () => screen.getByTestId('login-captcha-image').querySelector('img');

async function renderLogin(routes: Parameters<typeof fakeApi>[0], lang: Lang = 'en') {
  const api = fakeApi({ 'GET /api/auth/captcha': captchas(), ...routes });
  const onSignedIn = vi.fn<(me: Me) => void>();
  const view = await renderWithProviders(<LoginForm onSignedIn={onSignedIn} />, { lang });
  // The first captcha is on screen before anyone can type it.
  await waitFor(() => expect(captchaImage()).not.toBeNull());
  const field = (id: string) => screen.getByTestId(id);
  /** The error line under a field (empty when it has none). */
  const errorOf = (id: 'username' | 'password' | 'captchaCode') => document.getElementById(`login-${id}-error`);
  return { ...view, api, onSignedIn, field, errorOf };
}

describe('LoginForm', () => {
  it('requires every field and sends nothing until they are filled', async () => {
    const { user, api, field, errorOf } = await renderLogin({});
    await user.click(field('login-submit'));

    // The domain's message table loads with the first submit (not with the login page), so the first check waits.
    await waitFor(() => expect(errorOf('username')).toHaveTextContent('This field is required'));
    expect(errorOf('password')).toHaveTextContent('The password must be 8 to 16 characters long');
    expect(errorOf('captchaCode')).toHaveTextContent('This field is required');
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    expect(field('login-username')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('requires the captcha, in the chosen language, and clears the message as it is typed', async () => {
    const { user, api, field, errorOf } = await renderLogin({}, 'zh');
    await user.type(field('login-username'), 'installer');
    await user.type(field('login-password'), 'Secret123');
    await user.click(field('login-submit'));

    await waitFor(() => expect(errorOf('captchaCode')).toHaveTextContent('此项为必填项'));
    expect(errorOf('username')).toBeEmptyDOMElement();
    expect(errorOf('password')).toBeEmptyDOMElement();
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);

    await user.type(field('login-captcha-input'), 'ab12');
    expect(errorOf('captchaCode')).toBeEmptyDOMElement();
  });

  it('shows the server refusal and asks for a new captcha', async () => {
    const { user, api, field, onSignedIn } = await renderLogin({
      'GET /api/auth/public-key': ok({ publicKey: keys.publicKey, algorithm: 'RSA-OAEP-256' }),
      'POST /api/auth/login': refused(401, 'unauthorized', 'Wrong username or password'),
    });
    // <svg>1</svg>, the first captcha.
    expect(captchaImage()).toHaveAttribute('src', expect.stringContaining('PHN2Zz4xPC9zdmc+'));
    await user.type(field('login-username'), 'installer');
    await user.type(field('login-password'), 'Secret123');
    await user.type(field('login-captcha-input'), 'ab12');
    await user.click(field('login-submit'));

    // A wrong password at login is an answer, not an expired session: it is said, nobody is sent anywhere.
    expect(await screen.findByText('Wrong username or password')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
    await waitFor(() => expect(api.callsTo('GET /api/auth/captcha')).toHaveLength(2));
    await waitFor(() => expect(captchaImage()).toHaveAttribute('src', expect.stringContaining('PHN2Zz4yPC9zdmc+')));
    expect(field('login-captcha-input')).toHaveValue('');
    expect(field('login-username')).toHaveValue('installer');
    expect(field('login-submit')).toBeEnabled();
  });

  it('puts a refusal of one field under that field until it is edited', async () => {
    const { user, field, errorOf } = await renderLogin({
      'GET /api/auth/public-key': ok({ publicKey: keys.publicKey, algorithm: 'RSA-OAEP-256' }),
      'POST /api/auth/login': refused(400, 'validation', 'Invalid request', {
        issues: [{ path: 'captchaCode', message: 'The captcha is wrong' }],
      }),
    });
    await user.type(field('login-username'), 'installer');
    await user.type(field('login-password'), 'Secret123');
    await user.type(field('login-captcha-input'), 'zz99');
    await user.click(field('login-submit'));

    await waitFor(() => expect(errorOf('captchaCode')).toHaveTextContent('The captcha is wrong'));
    await user.type(field('login-captcha-input'), 'k');
    expect(errorOf('captchaCode')).toBeEmptyDOMElement();
  });

  it('signs in with the password encrypted, the fields trimmed and the current captcha', async () => {
    const me = testMe(['A']);
    const logins: ApiCall[] = [];
    const { user, field, onSignedIn } = await renderLogin(
      {
        'GET /api/auth/public-key': ok({ publicKey: keys.publicKey, algorithm: 'RSA-OAEP-256' }),
        'POST /api/auth/login': (call) => {
          logins.push(call);
          return ok({ token: 't', user: me.user });
        },
        'GET /api/auth/me': ok(me),
      },
      'cs',
    );
    await user.type(field('login-username'), ' installer ');
    await user.type(field('login-password'), 'Secret123');
    await user.type(field('login-captcha-input'), ' ab12 ');
    await user.click(field('login-submit'));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledExactlyOnceWith(me));
    expect(logins).toHaveLength(1);
    const [login] = logins;
    expect(login!.headers['Accept-Language']).toBe('cs');
    const body = login!.body as Record<string, string>;
    expect(body).toEqual({
      username: 'installer',
      password: expect.any(String),
      captchaId: 'captcha-1',
      captchaCode: 'ab12',
    });
    // Only the server's private key reads the password.
    expect(body.password).not.toContain('Secret123');
    expect(await keys.decrypt(body.password!)).toEqual({
      password: 'Secret123',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      ts: expect.any(Number),
    });
  });
});
