import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  LANGUAGES,
  langFromAcceptLanguage,
  localiseIssues,
  translate,
  type IssueLike,
  type Lang,
  type MessageKey,
} from '@voltfleet/domain/i18n';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    /** Why the request was refused, in every language (set when the answer is an error; audit.ts records it). */
    auditRefusal?: Record<Lang, string>;
  }
}

/** `{ code: 'ok', msg, data }` in the caller's language (`params` fill the message's `{name}` placeholders). */
export function ok<T>(
  request: FastifyRequest,
  data: T,
  key: MessageKey = 'ok',
  params: Record<string, string | number> = {},
) {
  return { code: 'ok' as const, msg: translate(key, request.lang, params), data };
}

/**
 * A route's serializer that writes the answer without parsing it by the response schema first (the app's serializer
 * parses every answer, copying every element). Only for large answers that the handler builds field by field from
 * typed values, so no stored column can pass through unnamed: a day's device history is 2,304 points, and the parse
 * and its garbage were a tenth of the request's CPU (bench/README.md, "api"). The schema still documents the answer
 * (OpenAPI), and the route's tests check its answers against it.
 */
export const unparsedSerializer = () => (data: unknown) => JSON.stringify(data);

/** The envelope for a request that matched no route. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, 'not_found', translate('error.routeNotFound', request.lang));
}

function send(reply: FastifyReply, status: number, code: string, msg: string, data: unknown = null) {
  return reply.status(status).send({ code, msg, data });
}

type ValidationEntry = { instancePath?: string; message?: string; keyword?: string; params?: Record<string, unknown> };

function fromFastifyValidation(entries: ValidationEntry[]): IssueLike[] {
  return entries.map((e) => ({
    path: (e.instancePath ?? '').split('/').filter(Boolean),
    message: e.message ?? '',
    code: e.keyword,
    maximum: e.params?.maximum,
    minimum: e.params?.minimum,
    keys: Array.isArray(e.params?.keys) ? (e.params.keys as string[]) : undefined,
    origin: typeof e.params?.origin === 'string' ? e.params.origin : undefined,
  }));
}

interface Answer {
  status: number;
  code: string;
  msg: string;
  data: unknown;
}

/**
 * The answer to a request the server refuses (a client's mistake or a rule: 4xx), in a language; null for an error
 * of the server's own (500), which says nothing of its cause.
 */
function refusalOf(error: FastifyError & { validation?: ValidationEntry[] }): ((lang: Lang) => Answer) | null {
  if (error instanceof AppError) {
    const raw = (
      error.data as { issues?: { path: string; key: string; params?: Record<string, string | number> }[] } | null
    )?.issues;
    if (raw)
      return (lang) => {
        const issues = raw.map((i) => ({ path: i.path, message: translate(i.key, lang, i.params ?? {}) }));
        const msg = issues[0]?.message ?? translate(error.messageKey, lang);
        return { status: error.status, code: error.code, msg, data: { issues } };
      };
    return (lang) => ({
      status: error.status,
      code: error.code,
      msg: translate(error.messageKey, lang, error.params),
      data: error.data,
    });
  }
  const validation = error.validation;
  if (validation)
    return (lang) => {
      const issues = localiseIssues(fromFastifyValidation(validation), lang);
      // The first problem is the message; the page maps every issue onto its field.
      return {
        status: 400,
        code: 'validation',
        msg: issues[0]?.message ?? translate('error.validation', lang),
        data: { issues },
      };
    };
  const plain = (status: number, code: string, key: MessageKey) => (lang: Lang) =>
    ({ status, code, msg: translate(key, lang), data: null }) satisfies Answer;
  if (error.statusCode === 413) return plain(413, 'validation', 'error.payloadTooLarge');
  if (error.statusCode === 429) return plain(429, 'rate_limited', 'error.rateLimited');
  // Malformed JSON, wrong content type and similar client mistakes.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return plain(error.statusCode, 'validation', 'error.validation');
  return null;
}

/**
 * The envelope and error mapping: every answer is `{ code, msg, data }` with a real status; messages follow
 * Accept-Language; nothing leaks a stack trace. Registered first so every later plugin's errors pass through it.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = langFromAcceptLanguage(request.headers['accept-language']);
  });

  app.setErrorHandler((error: FastifyError & { validation?: ValidationEntry[] }, request, reply) => {
    const answer = refusalOf(error);
    if (!answer) {
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 500, 'error', translate('error.server', request.lang ?? 'en'));
    }
    // The operation record keeps why, in every language, so it reads in its reader's language later (audit.ts).
    request.auditRefusal = Object.fromEntries(LANGUAGES.map((l) => [l, answer(l).msg])) as Record<Lang, string>;
    const { status, code, msg, data } = answer(request.lang ?? 'en');
    return send(reply, status, code, msg, data);
  });
});
