import type { MessageKey } from './catalogue.js';

/** The parts of a zod issue the translator reads (kept structural so zod stays an implementation detail). */
export interface IssueLike {
  path: PropertyKey[];
  message: string;
  code?: string;
  maximum?: unknown;
  minimum?: unknown;
  keys?: string[];
  /** What was measured: 'string', 'array', 'number', … (zod's too_big/too_small origin). */
  origin?: string;
}

/** A validation issue as a message of the catalogue: its field's path, its key and the values the text names. */
export interface IssueMessage {
  path: string;
  key: MessageKey;
  params: Record<string, string>;
}

/**
 * The message each validation issue shows: the key a schema gave it, or one for its kind. Reads no texts (`isKey`
 * says which keys the catalogue has), so the server's `localiseIssues` and the web's, which read the catalogue each
 * from its own store, share it.
 */
export function issueMessages(issues: readonly IssueLike[], isKey: (key: string) => key is MessageKey): IssueMessage[] {
  return issues.map((issue): IssueMessage => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return { path, key: 'validation.unknownField', params: { fields: (issue.keys ?? []).join(', ') } };
    }
    const key = isKey(issue.message) ? issue.message : issueFallback(issue);
    return { path, key, params: { max: String(issue.maximum ?? ''), min: String(issue.minimum ?? '') } };
  });
}

function issueFallback(issue: IssueLike): MessageKey {
  if (issue.code === 'too_big' && issue.maximum !== undefined) {
    return issue.origin === 'number' || issue.origin === 'bigint' ? 'validation.exceedsLimit' : 'validation.tooLong';
  }
  if (issue.code === 'invalid_type') return 'validation.required';
  return 'validation.invalidValue';
}
