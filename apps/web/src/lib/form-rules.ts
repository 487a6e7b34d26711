import type { FormInstance, FormRule } from 'antd';
import { checkPhone, localiseIssues, type IssueLike, type ValidationIssue } from '@voltfleet/domain';
import { ApiError } from './http';
import { currentLang } from './i18n';
import { notify } from './notice';

/** What the form helpers need of a zod schema (kept structural so the web app does not depend on zod). */
export interface ParsableSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly IssueLike[] } | undefined };
}

/** The first localised problem a domain schema finds in a value, or undefined. */
export function schemaMessage(schema: ParsableSchema, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  if (result.success || !result.error) return undefined;
  return localiseIssues(result.error.issues, currentLang())[0]?.message;
}

/** A form rule that checks one field's value with a domain schema (same words as the server sends). */
export function schemaRule(schema: ParsableSchema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = schemaMessage(schema, value);
      if (message) throw new Error(message);
    },
  };
}

/**
 * The mobile-number rule of the domain (its format depends on the calling code in `prePhoneCode`). It calls the
 * domain's own check directly: inside the full object schema zod would skip it until every other field is valid.
 */
export function phoneRule(): FormRule {
  return (form) => ({
    validator: async () => {
      const issues: IssueLike[] = [];
      const collect = { addIssue: (issue: IssueLike) => issues.push(issue) } as unknown as Parameters<
        typeof checkPhone
      >[1];
      checkPhone({ prePhoneCode: form.getFieldValue('prePhoneCode'), phone: form.getFieldValue('phone') }, collect);
      const message = localiseIssues(issues, currentLang())[0]?.message;
      if (message) throw new Error(message);
    },
  });
}

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
