import type { FormRule } from 'antd';
import { checkPhone } from '@voltfleet/domain/validation';
import type { IssueLike } from '@voltfleet/domain/i18n';
import { localiseIssues } from './i18n';

/** What the form helpers need of a zod schema (kept structural so the web app does not depend on zod). */
export interface ParsableSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly IssueLike[] } | undefined };
}

/** The first localised problem a domain schema finds in a value, or undefined. */
export function schemaMessage(schema: ParsableSchema, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  if (result.success || !result.error) return undefined;
  return localiseIssues(result.error.issues)[0]?.message;
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
      const message = localiseIssues(issues)[0]?.message;
      if (message) throw new Error(message);
    },
  });
}

// Kept in form-errors.ts (no message table there, so the login page can use them without it); re-exported here.
export { reportFormError, showFormError } from './form-errors';
