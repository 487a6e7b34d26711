import type { FormRule } from 'antd';
import { checkPhone } from '@voltfleet/domain/validation';
import type { IssueLike } from '@voltfleet/domain/i18n';
import { localiseIssues } from './i18n';

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

// Kept in schema-rule.ts (no phone rule there, so a form without one does not load the validation context's checks);
// re-exported here.
export { schemaMessage, schemaRule, type ParsableSchema } from './schema-rule';
// Kept in form-errors.ts (no message table there, so the login page can use them without it); re-exported here.
export { reportFormError, showFormError } from './form-errors';
