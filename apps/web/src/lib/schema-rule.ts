import type { FormRule } from 'antd';
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
