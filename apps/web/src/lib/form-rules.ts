import type { FormInstance, FormRule } from 'antd';
import { localiseIssues, type IssueLike } from '@voltfleet/domain';
import { ApiError } from './http';
import { currentLang } from './i18n';
import { notify } from './notice';

/** What the form helpers need of a zod schema (kept structural so the web app does not depend on zod). */
export interface ParsableSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly IssueLike[] } | undefined };
}

function firstMessage(schema: ParsableSchema, value: unknown, path?: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success || !result.error) return undefined;
  const issues = localiseIssues(result.error.issues, currentLang());
  return (path === undefined ? issues[0] : issues.find((i) => i.path === path))?.message;
}

/** A form rule that checks one field's value with a domain schema (same words as the server sends). */
export function schemaRule(schema: ParsableSchema, emptyAsUndefined = false): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = firstMessage(schema, emptyAsUndefined && value === '' ? undefined : value);
      if (message) throw new Error(message);
    },
  };
}

/**
 * A form rule that checks the whole form with an object schema and reports the issues at one path, for rules
 * that span fields (the phone number depends on the calling code).
 */
export function objectRule(schema: ParsableSchema, path: string): FormRule {
  return (form) => ({
    validator: async () => {
      const message = firstMessage(schema, form.getFieldsValue(true), path);
      if (message) throw new Error(message);
    },
  });
}

/**
 * Puts a failed request's validation issues on the form's fields. Issues for fields the form does not have, and
 * other errors not already shown, become a notice.
 */
export function showFormError(form: FormInstance, error: unknown): void {
  if (!(error instanceof ApiError)) throw error;
  if (error.handled) return;
  // getFieldsValue() lists every registered field, set or not.
  const known = new Set(Object.keys(form.getFieldsValue() as object));
  const onFields = error.issues.filter((issue) => known.has(issue.path.split('.')[0] ?? ''));
  form.setFields(onFields.map((issue) => ({ name: issue.path.split('.'), errors: [issue.message] })));
  const rest = error.issues.filter((issue) => !onFields.includes(issue));
  if (onFields.length === 0 || rest.length > 0) notify('warning', rest[0]?.message ?? error.message);
}
