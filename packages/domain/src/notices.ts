import { z } from 'zod';
import { pageQuerySchema } from './envelope-schemas.js';
import type { Lang } from './languages.js';
import { requiredText } from './validation-schemas.js';

/**
 * Upgrade notices (R2.12 shell: "upgrade notice dialog"): a publisher writes one notice in every UI language, each
 * signed-in user sees it once after login until they dismiss it, and past notices stay readable in a list.
 */
export const NOTICE_TITLE_MAX = 120;
export const NOTICE_BODY_MAX = 4000;
/** At most this many unseen notices come with one answer: a user back after a long absence is not buried. */
export const NOTICE_UNSEEN_LIMIT = 20;

/** "2.4.0": three parts without leading zeros (so "2.04.0" and "2.4.0" cannot both exist as different texts). */
export const NOTICE_VERSION_PATTERN = /^(0|[1-9]\d{0,3})\.(0|[1-9]\d{0,3})\.(0|[1-9]\d{0,3})$/;

/**
 * An object's own refusal: "required" when it is missing or not an object (an array, a text). Other problems (an
 * unknown key) keep zod's issue, which the message catalogue words by its code.
 */
const objectError = {
  error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? 'validation.required' : undefined),
};

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day "YYYY-MM-DD" between 2000 and 2099 (a release date, not any day in history). */
export function isNoticeDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 2000 || year > 2099) return false;
  const at = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2025-02-30 over into March: a day that does not survive the round trip does not exist.
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

export const noticeVersionSchema = z
  .string('validation.required')
  .max(16, 'notice.version')
  .regex(NOTICE_VERSION_PATTERN, 'notice.version');

export const noticeDateSchema = z
  .string('validation.required')
  .max(10, 'validation.invalidValue')
  .refine(isNoticeDate, 'validation.invalidValue');

/**
 * One language's words. Plain text: the page shows it as text (never as HTML), keeping the body's line breaks. The
 * title is one line, so it can head a dialog; both follow the shared text rule (no NUL, no lone surrogate, no
 * leading or trailing space).
 */
export const noticeTextInputSchema = z.strictObject(
  {
    title: requiredText(NOTICE_TITLE_MAX).refine((s) => !/[\r\n]/.test(s), 'validation.invalidValue'),
    body: requiredText(NOTICE_BODY_MAX),
  },
  objectError,
);

/** Every UI language is required: a user must never meet a notice they cannot read. */
export const noticeTextsInputSchema = z.strictObject(
  {
    zh: noticeTextInputSchema,
    en: noticeTextInputSchema,
    cs: noticeTextInputSchema,
    de: noticeTextInputSchema,
  },
  objectError,
);

/** POST /api/notices */
export const noticeInputSchema = z.strictObject(
  { version: noticeVersionSchema, date: noticeDateSchema, texts: noticeTextsInputSchema },
  objectError,
);
export type NoticeInput = z.infer<typeof noticeInputSchema>;

const noticeTextSchema = z.object({ title: z.string(), body: z.string() });
export type NoticeText = z.infer<typeof noticeTextSchema>;

/** A published notice as the API returns it: all four languages, so the page follows a language switch at once. */
export const noticeSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  /** Release day, "YYYY-MM-DD". */
  date: z.string(),
  texts: z.object({ zh: noticeTextSchema, en: noticeTextSchema, cs: noticeTextSchema, de: noticeTextSchema }),
  /** ISO date-time of publication. */
  publishedAt: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** GET /api/notices: newest first, paged like every list. */
export const noticeListQuerySchema = pageQuerySchema;
export type NoticeListQuery = z.infer<typeof noticeListQuerySchema>;

// Ids are PostgreSQL `serial`: anything above int4 cannot exist and would make the database refuse the query.
export const noticeIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A notice's words in one language. */
export function noticeText(notice: Pick<Notice, 'texts'>, lang: Lang): NoticeText {
  return notice.texts[lang];
}
