import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { findHostileInput } from '@voltfleet/domain/validation';

/**
 * The route validator: the domain's hostile-input rule (NUL, lone surrogates, numbers a column cannot hold, absurd
 * nesting) on every body, query string and path, then the route's own zod schema. One rule for every route, so a
 * new route cannot forget it; a refusal is a localised 400 like any other validation issue.
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<Parameters<typeof validatorCompiler>[0]['schema']> = (
  route,
) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const hostile = findHostileInput(data);
    if (hostile) {
      return {
        error: [
          {
            keyword: 'custom',
            instancePath: hostile.path.length ? `/${hostile.path.join('/')}` : '',
            schemaPath: '#/hostile',
            message: hostile.key,
            params: {},
          },
        ],
      };
    }
    return validate(data);
  };
};
