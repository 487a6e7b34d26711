import { createHash, randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Queryable } from '../../db/db.js';
import { invalid } from '../../platform/errors.js';
import { insertCaptcha, takeCaptcha } from './auth.repository.js';

export const CAPTCHA_TTL_SECONDS = 120;

function hashAnswer(id: string, answer: string): string {
  return createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');
}

/** Creates a captcha row and returns its id and SVG image as a data URL. */
export async function createCaptcha(db: Queryable): Promise<{ captchaId: string; image: string }> {
  // Drawn at the size the login page shows it (168 × 56 CSS px), so the glyphs are not scaled down; two noise lines
  // keep it a captcha without crossing every glyph twice.
  const { text, data } = svgCaptcha.create({
    size: 4,
    width: 168,
    height: 56,
    fontSize: 58,
    noise: 2,
    ignoreChars: '0oO1ilI',
    color: true,
    background: '#f4f6fa',
  });
  const captchaId = randomBytes(16).toString('hex');
  await insertCaptcha(db, captchaId, hashAnswer(captchaId, text), CAPTCHA_TTL_SECONDS);
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/**
 * Consumes a captcha: it is deleted whatever the answer, so each image is good for one attempt.
 * `testCode` (tests only) is accepted as the answer to every captcha.
 */
export async function consumeCaptcha(
  db: Queryable,
  captchaId: string,
  answer: string,
  testCode?: string,
): Promise<boolean> {
  const row = await takeCaptcha(db, captchaId);
  if (!row || !row.live) return false;
  if (testCode !== undefined && answer.trim().toLowerCase() === testCode.toLowerCase()) return true;
  return row.answer_hash === hashAnswer(captchaId, answer);
}

/**
 * A request that may cost something (a code by SMS or mail) carries a solved captcha, as a login does: consumed
 * whatever the answer; a wrong or spent one is refused on the captcha's field with login's words.
 */
export async function requireCaptcha(
  db: Queryable,
  given: { captchaId: string; captchaCode: string },
  testCode: string | undefined,
): Promise<void> {
  if (!(await consumeCaptcha(db, given.captchaId, given.captchaCode, testCode)))
    throw invalid('captchaCode', 'auth.captchaWrong');
}
