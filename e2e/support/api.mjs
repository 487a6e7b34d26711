// A small API client for journeys: logs in the way the browser does and prepares users and roles.
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { CAPTCHA_CODE } from './server.mjs';

export function createApi(baseUrl, { headers: extraHeaders = {} } = {}) {
  async function call(method, url, { token, body, lang = 'en' } = {}) {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...extraHeaders,
        'accept-language': lang,
        ...(token ? { token } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.msg}`);
    return json.data;
  }
  async function encrypt(password) {
    const { publicKey } = await call('GET', '/api/auth/public-key');
    const payload = JSON.stringify({ password, nonce: randomBytes(16).toString('hex'), ts: Date.now() });
    return publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(payload),
    ).toString('base64');
  }
  async function login(username, password) {
    const { captchaId } = await call('GET', '/api/auth/captcha');
    const { token } = await call('POST', '/api/auth/login', {
      body: { username, password: await encrypt(password), captchaId, captchaCode: CAPTCHA_CODE },
    });
    return token;
  }
  async function createRole(token, name, permissions, views = []) {
    return call('POST', '/api/roles', { token, body: { name, description: `${name} role`, permissions, views } });
  }
  async function createUser(token, { username, password, roleId, level = 2, name = username }) {
    return call('POST', '/api/users', {
      token,
      body: { username, password: await encrypt(password), name, roleId, level },
    });
  }
  return { call, login, createRole, createUser };
}
