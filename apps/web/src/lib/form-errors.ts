import type { FormInstance } from 'antd';
import type { ValidationIssue } from '@voltfleet/domain/envelope';
import { ApiError } from './http';
import { notify } from './notice';

/**
 * Hands a failed request's validation issues for the form's own fields to `put`; issues for other fields, and
 * errors nobody was told about yet, become a notice. Anything but an ApiError is rethrown.
 */
export function reportFormError(
  error: unknown,
  fields: readonly string[],
  put: (issues: readonly ValidationIssue[]) => void,
): void {
  if (!(error instanceof ApiError)) throw error;
  if (error.handled) return;
  const onFields = error.issues.filter((issue) => fields.includes(issue.path.split('.')[0] ?? ''));
  put(onFields);
  const rest = error.issues.filter((issue) => !onFields.includes(issue));
  if (onFields.length === 0 || rest.length > 0) notify('warning', rest[0]?.message ?? error.message);
}

/** reportFormError for an Ant Design form: the issues appear under their fields. */
export function showFormError(form: FormInstance, error: unknown): void {
  // getFieldsValue() lists every registered field, set or not.
  reportFormError(error, Object.keys(form.getFieldsValue() as object), (issues) =>
    form.setFields(issues.map((issue) => ({ name: issue.path.split('.'), errors: [issue.message] }))),
  );
}
