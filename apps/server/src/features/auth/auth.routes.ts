import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  captchaResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  meSchema,
  publicKeyResponseSchema,
} from '@voltfleet/domain/auth';
import { envelope } from '@voltfleet/domain/envelope';
import { languageChoiceSchema, passwordChangeSchema, profileUpdateSchema, userSchema } from '@voltfleet/domain/users';
import { ok } from '../../platform/envelope.js';
import { SESSION_COOKIE, requireCaller } from '../../platform/auth.js';
import { rateLimiter } from '../../platform/rate-limit.js';
import { CAPTCHA_TTL_SECONDS, createCaptcha } from './captcha.js';
import { changePassword, login, logout, me, type AuthDeps } from './auth.service.js';
import { chooseOwnLanguage, toUser, updateProfile } from '../users/index.js';

export const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  // Separate budgets: a login page that refreshes its captcha (each image costs rendering) must never be refused the
  // public key it needs to encrypt the password, which is a constant and costs nothing to serve.
  const captchaLimit = rateLimiter({ max: 60, windowMs: 60_000 });
  const publicKeyLimit = rateLimiter({ max: 300, windowMs: 60_000 });
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: deps.config.production };

  app.get(
    '/api/auth/public-key',
    {
      config: { auth: false },
      preHandler: publicKeyLimit,
      schema: { tags: ['auth'], response: { 200: envelope(publicKeyResponseSchema) } },
    },
    async (request) => ok(request, { publicKey: deps.loginKey.publicKeyPem, algorithm: 'RSA-OAEP-256' as const }),
  );

  app.get(
    '/api/auth/captcha',
    {
      config: { auth: false },
      preHandler: captchaLimit,
      schema: { tags: ['auth'], response: { 200: envelope(captchaResponseSchema) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(request, { ...(await createCaptcha(deps.db)), expiresInSeconds: CAPTCHA_TTL_SECONDS });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { auth: false, audit: { action: 'auth.login', category: 'auth', objectType: 'user' } },
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: envelope(loginResponseSchema) } },
    },
    async (request, reply) => {
      const { token, user } = await login(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      request.auditActor = { id: user.id, username: user.username, path: user.path };
      request.auditObjectId = String(user.id);
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      return ok(request, { token, user: toUser(user, request.lang) });
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { whileAwaitingApproval: true, audit: { action: 'auth.logout', category: 'auth' } },
      schema: { tags: ['auth'], response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await logout(deps.db, requireCaller(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok(request, null, 'auth.loggedOut');
    },
  );

  // An account awaiting approval asks this too: its page learns from it when the approval came.
  app.get(
    '/api/auth/me',
    { config: { whileAwaitingApproval: true }, schema: { tags: ['auth'], response: { 200: envelope(meSchema) } } },
    async (request) =>
      ok(
        request,
        // Only a stated language is remembered: a client that sends none does not reset the account's to English.
        await me(
          deps.db,
          requireCaller(request),
          request.lang,
          request.headers['accept-language'] ? request.lang : undefined,
        ),
      ),
  );

  app.put(
    '/api/auth/me',
    {
      config: { audit: { action: 'user.updateProfile', category: 'user', objectType: 'user' } },
      schema: { tags: ['auth'], body: profileUpdateSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) =>
      ok(request, await updateProfile(deps.db, requireCaller(request), request.body, request.lang), 'success.saved'),
  );

  // The language switch of a signed-in user: the choice is stored with the account and applies on every browser.
  app.put(
    '/api/auth/me/language',
    {
      config: {
        whileAwaitingApproval: true,
        audit: { action: 'user.chooseLanguage', category: 'user', objectType: 'user' },
      },
      schema: { tags: ['auth'], body: languageChoiceSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) =>
      ok(request, await chooseOwnLanguage(deps.db, requireCaller(request), request.body.language), 'success.saved'),
  );

  app.post(
    '/api/auth/password',
    {
      config: { audit: { action: 'auth.changePassword', category: 'auth', objectType: 'user' } },
      schema: { tags: ['auth'], body: passwordChangeSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await changePassword(deps, requireCaller(request), request.body.oldPassword, request.body.newPassword);
      return ok(request, null, 'auth.passwordChanged');
    },
  );
};
