import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VERIFICATION_CODE,
  codeRequestSchema,
  codeSentSchema,
  passwordResetSchema,
  registerSchema,
} from '@voltfleet/domain/auth';
import { envelope } from '@voltfleet/domain/envelope';
import { ok } from '../../platform/envelope.js';
import { requireCaller } from '../../platform/auth.js';
import { rateLimiter } from '../../platform/rate-limit.js';
import { subordinate } from '../users/index.js';
import { register, requestCode, resetPassword, sendResetCode, type RegistrationDeps } from './registration.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Self-registration and password reset by verification code (R2.11 Register). Public routes, each with a budget
 * per client address on top of the per-address rules of the codes themselves (verification.service.ts).
 */
export const registrationRoutes: FastifyPluginAsyncZod<RegistrationDeps> = async (app, deps) => {
  const codeLimit = rateLimiter({ max: VERIFICATION_CODE.perIpPerHour, windowMs: 3_600_000 });
  // A code allows five tries; this bounds how many codes of different addresses one client can try in a while.
  const useLimit = rateLimiter({ max: 30, windowMs: 15 * 60_000 });

  app.post(
    '/api/auth/codes',
    {
      config: { auth: false, audit: { action: 'auth.requestCode', category: 'auth' } },
      preHandler: codeLimit,
      schema: { tags: ['auth'], body: codeRequestSchema, response: { 200: envelope(codeSentSchema) } },
    },
    async (request) =>
      ok(request, await requestCode(deps, request.body, request.ip, request.lang), 'verification.codeSent'),
  );

  app.post(
    '/api/auth/register',
    {
      config: { auth: false, audit: { action: 'auth.register', category: 'auth', objectType: 'user' } },
      preHandler: useLimit,
      schema: { tags: ['auth'], body: registerSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const user = await register(deps, request.body);
      // The new account is the actor of its own registration, so the record is in its superiors' scope.
      request.auditActor = user;
      request.auditObjectId = String(user.id);
      return ok(request, null, 'register.awaitingApproval');
    },
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: { auth: false, audit: { action: 'auth.resetPassword', category: 'auth', objectType: 'user' } },
      preHandler: useLimit,
      schema: { tags: ['auth'], body: passwordResetSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const user = await resetPassword(deps, request.body);
      request.auditActor = { id: user.id, username: user.username, path: user.path };
      request.auditObjectId = String(user.id);
      return ok(request, null, 'passwordReset.done');
    },
  );

  // An administrator starts a reset for a subordinate; the user finishes it on /resetPassword with the code.
  app.post(
    '/api/users/:id/password-reset',
    {
      config: {
        permission: 'D/A:user.edit',
        audit: { action: 'user.resetPassword', category: 'user', objectType: 'user' },
      },
      schema: { tags: ['users'], params: idParams, response: { 200: envelope(codeSentSchema) } },
    },
    async (request) => {
      const user = await subordinate(deps.db, requireCaller(request), request.params.id);
      return ok(request, await sendResetCode(deps, user, request.ip), 'verification.codeSent');
    },
  );
};
