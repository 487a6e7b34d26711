import type { FormRule } from 'antd';

/** A "repeat the password" rule: the value must equal the form's `field`. */
export function samePasswordRule(field: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value !== getFieldValue(field)) throw new Error(message);
    },
  });
}
