import { NOTICE_UNSEEN_LIMIT, type Notice, type NoticeInput, type NoticeListQuery } from '@voltfleet/domain/notices';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { deleteNoticeMessages, postNoticeMessages } from '../messages/index.js';
import { deleteNotice, insertDismissal, insertNotice, listNotices, listUnseenNotices } from './notices.repository.js';

/**
 * Upgrade notices are platform-wide, not plant data: every signed-in user reads all of them, so there is no data
 * scope here. Publishing and withdrawing need E:notice.publish (checked by the routes).
 */
export function publishNotice(db: Db, caller: Caller, input: NoticeInput): Promise<Notice> {
  return db.transaction(async (tx) => {
    const notice = await insertNotice(tx, input, caller.id);
    // Every enabled user gets an in-app message about it; their bells hear it at this commit.
    await postNoticeMessages(tx, notice.id, notice.version);
    return notice;
  });
}

/** Withdrawing also takes back the in-app messages about the notice (they would lead to nothing). */
export async function withdrawNotice(db: Db, id: number): Promise<void> {
  const found = await db.transaction(async (tx) => {
    if (!(await deleteNotice(tx, id))) return false;
    await deleteNoticeMessages(tx, id);
    return true;
  });
  if (!found) throw notFound();
}

export function noticePage(db: Db, q: NoticeListQuery) {
  return listNotices(db, q.page, q.pageSize);
}

/** What the shell shows after login: the notices this user has not dismissed. */
export function unseenNotices(db: Db, caller: Caller): Promise<Notice[]> {
  return listUnseenNotices(db, caller.id, NOTICE_UNSEEN_LIMIT);
}

/** Dismissal is per user and stored, so it holds in every browser; a withdrawn notice answers 404. */
export async function dismissNotice(db: Db, caller: Caller, id: number): Promise<void> {
  if (!(await insertDismissal(db, caller.id, id))) throw notFound();
}
