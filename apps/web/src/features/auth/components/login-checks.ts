import { loginRequestSchema } from '@voltfleet/domain/auth';
import { passwordSchema } from '@voltfleet/domain/validation';
import { schemaMessage, type ParsableSchema } from '@/lib/form-rules';

export type LoginFieldName = 'username' | 'password' | 'captchaCode';
export type LoginValues = Record<LoginFieldName, string>;
export type LoginErrors = Partial<Record<LoginFieldName, string>>;

const SCHEMAS: Record<LoginFieldName, ParsableSchema> = {
  username: loginRequestSchema.shape.username,
  password: passwordSchema,
  captchaCode: loginRequestSchema.shape.captchaCode,
};

/**
 * The login form's checks: the domain's schemas (zod) and their messages (the catalogue, in the UI's language). The
 * form loads this module with its first submit, not with the page: until then no field has been checked, so there is
 * nothing to say.
 */
export function checkLogin(values: LoginValues): LoginErrors {
  return Object.fromEntries(
    (Object.keys(SCHEMAS) as LoginFieldName[])
      .map((f) => [f, schemaMessage(SCHEMAS[f], values[f])])
      .filter(([, m]) => m),
  ) as LoginErrors;
}
