import { LANGUAGES, type Lang } from '@voltfleet/domain/i18n';
import { type Notice, type NoticeInput } from '@voltfleet/domain/notices';
import type { Queryable } from '../../db/db.js';

type TextColumns = { [L in Lang as `title_${L}` | `body_${L}`]: string };

interface NoticeRow extends TextColumns {
  id: number;
  version: string;
  notice_date: string;
  published_at: Date;
}

// The date as text: a `date` column read as a JavaScript Date lands at local midnight and can show the day before.
const COLUMNS = `id, version, to_char(notice_date, 'YYYY-MM-DD') AS notice_date, published_at,
  title_zh, title_en, title_cs, title_de, body_zh, body_en, body_cs, body_de`;

const toNotice = (r: NoticeRow): Notice => ({
  id: r.id,
  version: r.version,
  date: r.notice_date,
  texts: {
    zh: { title: r.title_zh, body: r.body_zh },
    en: { title: r.title_en, body: r.body_en },
    cs: { title: r.title_cs, body: r.body_cs },
    de: { title: r.title_de, body: r.body_de },
  },
  publishedAt: r.published_at.toISOString(),
});

/** Stores a notice with its words in every language; returns it as the API shows it. */
export async function insertNotice(db: Queryable, input: NoticeInput, publishedBy: number): Promise<Notice> {
  const texts = LANGUAGES.flatMap((lang) => [input.texts[lang].title, input.texts[lang].body]);
  const { rows } = await db.query<NoticeRow>(
    `INSERT INTO upgrade_notices (version, notice_date, published_by,
       title_zh, body_zh, title_en, body_en, title_cs, body_cs, title_de, body_de)
     VALUES ($1, $2::date, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     RETURNING ${COLUMNS}`,
    [input.version, input.date, publishedBy, ...texts],
  );
  return toNotice(rows[0]!);
}

/** Deletes a notice (its dismissals go with it); false when there was none. */
export async function deleteNotice(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(`DELETE FROM upgrade_notices WHERE id = $1 RETURNING id`, [id]);
  return rows.length > 0;
}

/** One page of every notice, newest first, with the total. */
export async function listNotices(
  db: Queryable,
  page: number,
  pageSize: number,
): Promise<{ items: Notice[]; total: number }> {
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM upgrade_notices`)).rows[0]?.n ?? 0;
  const { rows } = await db.query<NoticeRow>(
    `SELECT ${COLUMNS} FROM upgrade_notices ORDER BY published_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [pageSize, (page - 1) * pageSize],
  );
  return { items: rows.map(toNotice), total };
}

/**
 * The notices a user has not dismissed yet, newest first, at most `limit`. Only those published since the account
 * was made: a new user is not greeted with the upgrade history (it stays readable on the notices page).
 */
export async function listUnseenNotices(db: Queryable, userId: number, limit: number): Promise<Notice[]> {
  const { rows } = await db.query<NoticeRow>(
    `SELECT ${COLUMNS} FROM upgrade_notices n
      WHERE NOT EXISTS (SELECT 1 FROM upgrade_notice_dismissals d WHERE d.user_id = $1 AND d.notice_id = n.id)
        AND n.published_at >= (SELECT created_at FROM users WHERE id = $1)
      ORDER BY published_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map(toNotice);
}

/**
 * Records that a user dismissed a notice; dismissing it again changes nothing. False when the notice does not exist
 * (never published, or withdrawn), also when it is withdrawn while the dismissal is written (the foreign key then
 * refuses the row).
 */
export async function insertDismissal(db: Queryable, userId: number, noticeId: number): Promise<boolean> {
  try {
    const { rows } = await db.query<{ found: number }>(
      `WITH n AS (SELECT id FROM upgrade_notices WHERE id = $2),
            d AS (INSERT INTO upgrade_notice_dismissals (user_id, notice_id) SELECT $1, id FROM n ON CONFLICT DO NOTHING)
       SELECT count(*)::int AS found FROM n`,
      [userId, noticeId],
    );
    return (rows[0]?.found ?? 0) > 0;
  } catch (err) {
    if (err && typeof err === 'object' && 'code' in err && err.code === '23503') return false;
    throw err;
  }
}
