import type { MessageInstance, NoticeType } from 'antd/es/message/interface';

let api: MessageInstance | null = null;
const open = new Set<string>();
let shownThisTick = false;

/** Connects the notices to Ant Design's message API (bound once by the providers). */
export function bindNoticeApi(instance: MessageInstance | null): void {
  api = instance;
  // A host that goes away takes its notices with it without reporting their close; none of them is on screen now.
  open.clear();
}

/** The bound message API, for a notice with more than text in it (the "new version" notice); null before binding. */
export function noticeApi(): MessageInstance | null {
  return api;
}

/**
 * Shows a short notice. R8.3 "only one notice per request cycle": a notice is dropped when another one was
 * shown in the same tick (parallel requests failing together) or while an identical one is still on screen.
 * Returns whether it was shown.
 */
export function notify(type: Exclude<NoticeType, 'loading'>, text: string): boolean {
  const key = `${type}:${text}`;
  if (!api || shownThisTick || open.has(key)) return false;
  shownThisTick = true;
  setTimeout(() => {
    shownThisTick = false;
  }, 0);
  open.add(key);
  void api.open({ type, content: text, key, onClose: () => open.delete(key) });
  return true;
}
