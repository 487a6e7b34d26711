import type { FastifyInstance, FastifyContextConfig } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { methodReads } from '@voltfleet/domain/api-keys';

const DESCRIPTION = `Every answer is { code, msg, data }; msg follows Accept-Language (zh, en, cs, de).

**Authorising.** The browser signs in and sends its session as the \`user_token\` cookie. A program uses an API key
made in the personal centre (Personal centre → API keys): send it as \`Authorization: Bearer vf_…\` (in these docs:
**Authorize** → *apiKey*). A key carries the permissions and plants chosen when it was made, never more than its owner
holds at the time of each call; a read-only key may only use GET. Each operation says which permission it needs
(\`x-permission\`) and whether a key may call it (\`x-api-key\`: \`read\`, \`readWrite\` or \`refused\` — keys never
manage keys, passwords, accounts, roles, webhooks or big-screen links). A key over its rate limit hears 429 with
\`Retry-After\`. docs/integrations.md has examples.`;

/** How an API key meets a route: refused, or the access (read / read-write) it needs. */
function keyUse(config: FastifyContextConfig | undefined, method: string): 'refused' | 'read' | 'readWrite' {
  if (config?.keys === false) return 'refused';
  return methodReads(method) ? 'read' : 'readWrite';
}

/** OpenAPI generated from the zod route schemas at /api/openapi.json; interactive docs at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Voltfleet API', version: '0.1.0', description: DESCRIPTION },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'user_token' },
          token: { type: 'apiKey', in: 'header', name: 'token' },
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'vf_… API key', description: 'An API key' },
        },
      },
      security: [{ cookie: [] }, { token: [] }, { apiKey: [] }],
    },
    // Each operation states what it needs: its permission, whether a key may call it, and which schemes apply.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const route = input.route as { config?: FastifyContextConfig; method?: string | string[] } | undefined;
      const config = route?.config;
      const method = Array.isArray(route?.method) ? (route.method[0] ?? 'GET') : (route?.method ?? 'GET');
      if (config?.auth === false) return { ...out, schema: { ...out.schema, security: [] } };
      const use = keyUse(config, method);
      const security: Record<string, string[]>[] =
        use === 'refused' ? [{ cookie: [] }, { token: [] }] : [{ cookie: [] }, { token: [] }, { apiKey: [] }];
      return {
        ...out,
        schema: { ...out.schema, security, 'x-permission': config?.permission ?? null, 'x-api-key': use },
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { config: { auth: false }, schema: { hide: true } }, async () => app.swagger());
}
