import type { z } from 'zod';
import type { MessageKey } from './messages.js';

/**
 * One rule for input no field may carry, whatever its own schema says. The server applies it to every request body,
 * query and path before the route's schema (apps/server platform/validation.ts); the text builders below apply it in
 * forms too, so a page and the server refuse the same value with the same words.
 *
 * - NUL (U+0000): PostgreSQL text cannot hold it ("invalid byte sequence"), and jsonb refuses its escape.
 * - Lone UTF-16 surrogates: not Unicode text; JSON.parse lets them through, PostgreSQL refuses them in jsonb and the
 *   driver would silently turn them into U+FFFD in text. Refused, never repaired behind the user's back.
 * - Non-finite numbers (`1e309` parses as Infinity).
 * - Non-zero magnitudes below MIN_NUMBER_MAGNITUDE: `1e-320` is a valid double but underflows PostgreSQL `real`
 *   ("out of range for type real"); no quantity of this platform is that small, so the limit sits well above float4's
 *   smallest normal number (1.2e-38) and below anything meaningful.
 * - Magnitudes above MAX_NUMBER_MAGNITUDE: beyond every quantity, id and millisecond time stamp we store, and beyond
 *   exact integers, so such a number can only be an attack or a mistake.
 * - Nesting deeper than MAX_INPUT_DEPTH: no request of ours is nested that deep.
 * `-0` is accepted and read as 0, so a stored value never shows as "-0".
 */
export const MIN_NUMBER_MAGNITUDE = 1e-30;
export const MAX_NUMBER_MAGNITUDE = 1e15;
export const MAX_INPUT_DEPTH = 32;

// A lone high surrogate (not followed by a low one), a lone low surrogate (not preceded by a high one), or NUL.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this rule looks for
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type HostileInputKey = Extract<
  MessageKey,
  'validation.nulCharacter' | 'validation.loneSurrogate' | 'validation.numberRange' | 'validation.tooDeep'
>;

/** The message key for a text no field may hold, or undefined when it is fine. */
export function unsafeTextKey(text: string): HostileInputKey | undefined {
  const found = UNSAFE_TEXT.exec(text);
  if (!found) return undefined;
  return found[0] === '\u0000' ? 'validation.nulCharacter' : 'validation.loneSurrogate';
}

/** True for a number every field may hold (finite, not absurdly small or large); -0 counts as 0. */
export function isSafeNumber(n: number): boolean {
  if (!Number.isFinite(n)) return false;
  const size = Math.abs(n);
  return size === 0 || (size >= MIN_NUMBER_MAGNITUDE && size <= MAX_NUMBER_MAGNITUDE);
}

export interface HostileInputIssue {
  path: (string | number)[];
  key: HostileInputKey;
}

/**
 * Walks a parsed JSON value (body, query or path parameters) and returns the first hostile part, or undefined.
 * Object keys are checked like texts. `-0` is rewritten to 0 in place. Iterative, so a deeply nested body cannot
 * exhaust the stack.
 */
export function findHostileInput(root: unknown): HostileInputIssue | undefined {
  const stack: { value: unknown; path: (string | number)[]; holder?: Record<string | number, unknown> }[] = [
    { value: root, path: [] },
  ];
  while (stack.length > 0) {
    const { value, path, holder } = stack.pop()!;
    if (typeof value === 'string') {
      const key = unsafeTextKey(value);
      if (key) return { path, key };
    } else if (typeof value === 'number') {
      if (!isSafeNumber(value)) return { path, key: 'validation.numberRange' };
      if (Object.is(value, -0) && holder) holder[path[path.length - 1]!] = 0;
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= MAX_INPUT_DEPTH) return { path, key: 'validation.tooDeep' };
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i -= 1)
          stack.push({ value: value[i], path: [...path, i], holder: value as unknown as Record<number, unknown> });
      } else {
        const entries = Object.entries(value as Record<string, unknown>);
        for (let i = entries.length - 1; i >= 0; i -= 1) {
          const [k, v] = entries[i]!;
          const keyProblem = unsafeTextKey(k);
          if (keyProblem) return { path: [...path, k], key: keyProblem };
          stack.push({ value: v, path: [...path, k], holder: value as Record<string, unknown> });
        }
      }
    }
  }
  return undefined;
}

/** Adds the shared text rule to a zod string (the forms' side of the rule; the server also checks every input). */
export function safeText<T extends z.ZodType<string>>(schema: T) {
  return schema.superRefine((s, ctx) => {
    const key = unsafeTextKey(s);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });
}

/** Keys whose values are secrets: an operation record stores "***" for them and the records list never shows them. */
export const SECRET_KEY = /pass(word)?|token|secret|captcha|credential|key|verificationCode/i;

/**
 * Copies any value into a shape that is always safe to store as jsonb and read back as an object: unsafe text made
 * visible as U+FFFD, non-finite numbers as null, depth, entries and text length bounded, and a non-object at the top
 * wrapped as `{ body: … }`. For records of what a client sent (operation records), where the value must be kept
 * whatever it was, never refused. `secret` names keys whose values are replaced by "***".
 */
export function storableCopy(value: unknown, secret: RegExp = SECRET_KEY): Record<string, unknown> {
  const copy = copyValue(value, 0, secret);
  return copy !== null && typeof copy === 'object' && !Array.isArray(copy)
    ? (copy as Record<string, unknown>)
    : { body: copy };
}

const UNSAFE_TEXT_GLOBAL = new RegExp(UNSAFE_TEXT.source, 'g');
const cleanText = (s: string, max: number) => {
  const cut = s.length > max ? `${s.slice(0, max)}…` : s;
  return cut.replace(UNSAFE_TEXT_GLOBAL, '\ufffd');
};

function copyValue(value: unknown, depth: number, secret: RegExp): unknown {
  if (typeof value === 'string') return cleanText(value, 500);
  if (typeof value === 'number') return Number.isFinite(value) ? (Object.is(value, -0) ? 0 : value) : null;
  if (typeof value === 'boolean' || value === null || value === undefined) return value ?? null;
  if (typeof value !== 'object') return String(value);
  if (depth >= 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => copyValue(v, depth + 1, secret));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .slice(0, 50)
      .map(([k, v]) => [cleanText(k, 100), secret.test(k) ? '***' : copyValue(v, depth + 1, secret)]),
  );
}
