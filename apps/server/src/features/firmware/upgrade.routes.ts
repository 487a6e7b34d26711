import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@voltfleet/domain/envelope';
import { upgradeRequestSchema } from '@voltfleet/domain/firmware';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import type { LoginKey } from '../auth/index.js';
import { issueUpgrade } from './firmware-upgrade.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const issuedSchema = z.object({
  upgradeId: z.number().int(),
  commandId: z.number().int(),
  restartUntil: z.string(),
});

/**
 * Device Center → command issue → firmware upgrade (B/E:firmware.upgrade): every R4.7 rule and the password on the
 * server, then the image goes to the device as a command of the command lifecycle (delivered by `app.commands`, after
 * the answer; never retried automatically). Registered after the commands feature.
 */
export const upgradeRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; loginKey: LoginKey }> = async (
  app,
  { db, config, loginKey },
) => {
  app.post(
    '/api/devices/:id/upgrade',
    {
      config: {
        permission: 'B/E:firmware.upgrade',
        audit: { action: 'firmware.upgrade', category: 'firmware', objectType: 'device' },
      },
      schema: {
        tags: ['firmware'],
        params: idParams,
        body: upgradeRequestSchema,
        response: { 200: envelope(issuedSchema) },
      },
    },
    async (request) => {
      const issued = await issueUpgrade(
        { db, loginKey, expiryMinutes: config.commandExpiryMinutes },
        requireCaller(request),
        request.params.id,
        request.body,
        request.ip,
      );
      if (issued.created) {
        const dispatcher = app.commands;
        setImmediate(
          () =>
            void dispatcher
              .deliver([issued.commandId])
              .catch((err: unknown) => request.log.error({ err }, 'upgrade delivery failed')),
        );
      }
      return ok(
        request,
        { upgradeId: issued.upgradeId, commandId: issued.commandId, restartUntil: issued.restartUntil.toISOString() },
        'success.issued',
      );
    },
  );
};
