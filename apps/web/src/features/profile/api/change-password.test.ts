import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setUnauthorizedHandler } from '@/lib/http';
import { changePassword } from './change-password';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A real SPKI public key, so the password encryption runs as in the browser. */
async function publicKeyPem(): Promise<string> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const der = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...der))}\n-----END PUBLIC KEY-----`;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

let pem: string;
beforeEach(async () => {
  pem ??= await publicKeyPem();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

/** The public key, then the given answer to the password change. */
function serverAnswers(status: number, body: unknown) {
  fetchMock.mockImplementation((url) =>
    Promise.resolve(
      String(url).endsWith('/api/auth/public-key')
        ? answer(200, { code: 'ok', msg: 'Success', data: { publicKey: pem, algorithm: 'RSA-OAEP-256' } })
        : answer(status, body),
    ),
  );
}

describe('password change', () => {
  it('goes to the login page when the server ends the session after repeated wrong old passwords', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const msg = 'Too many wrong current passwords: you have been logged out, please log in again';
    serverAnswers(401, { code: 'unauthorized', msg, data: null });
    const error = await failure(changePassword({ oldPassword: 'Guess-pass1', newPassword: 'Second-pass1' }));
    expect(handler).toHaveBeenCalledWith(msg);
    expect(error.handled).toBe(true);
  });

  it('leaves a wrong old password to the form, on its field, without leaving the page', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const issues = [{ path: 'oldPassword', key: 'auth.oldPasswordWrong', message: 'Wrong old password' }];
    serverAnswers(400, { code: 'validation', msg: 'Wrong old password', data: { issues } });
    const error = await failure(changePassword({ oldPassword: 'Typo-pass1', newPassword: 'Second-pass1' }));
    expect(handler).not.toHaveBeenCalled();
    expect(error.code).toBe('validation');
    expect(error.issues.map((i) => i.path)).toEqual(['oldPassword']);
  });
});
