import { HTTP_STATUS, type ResponseCode } from '@voltfleet/domain/envelope';
import { type MessageKey } from '@voltfleet/domain/i18n';

/** An error as a value: a stable code, a message key localised at the edge, optional data for the client. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ResponseCode,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(messageKey);
    this.status = HTTP_STATUS[code];
  }
}

export const notFound = () => new AppError('not_found', 'error.notFound');
export const forbidden = () => new AppError('forbidden', 'error.forbidden');
export const conflict = (key: MessageKey) => new AppError('conflict', key);
export const invalid = (path: string, key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError('validation', 'error.validation', {}, { issues: [{ path, key, params }] });
