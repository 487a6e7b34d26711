import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { energySavingConfigSchema, savingFactorsInputSchema } from '@voltfleet/domain/plants';
import { envelope } from '@voltfleet/domain/envelope';
import { plantTariffsSchema, tariffVersionInputSchema } from '@voltfleet/domain/tariffs';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { addEnergySaving, editEnergySaving, energySavingConfig, removeEnergySaving } from './savings.service.js';
import { plantTariffs, removeTariffVersion, saveTariffVersion } from './tariffs.service.js';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const plantParams = z.object({ plantId: id });
const tariffParams = z.object({ plantId: id, tariffId: id });
const audit = (action: string) => ({ action, category: 'plant', objectType: 'plant' });

/**
 * Plant configuration (R2.14, A/D): time-of-use tariff versions and energy-saving factors. Reading needs the
 * Plant Center module and the plant in scope; changes need the page's function permissions and are audited.
 */
export const tariffsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/plants/:plantId/tariffs',
    {
      config: { permission: 'A' },
      schema: { tags: ['plants'], params: plantParams, response: { 200: envelope(plantTariffsSchema) } },
    },
    async (request) => ok(request, await plantTariffs(db, requireCaller(request), request.params.plantId, Date.now())),
  );

  app.post(
    '/api/plants/:plantId/tariffs',
    {
      config: { permission: 'A/D:tariff.edit', audit: audit('tariff.save') },
      schema: {
        tags: ['plants'],
        params: plantParams,
        body: tariffVersionInputSchema,
        response: { 200: envelope(plantTariffsSchema) },
      },
    },
    async (request) => {
      const { plantId } = request.params;
      request.auditObjectId = String(plantId);
      const result = await saveTariffVersion(db, requireCaller(request), plantId, request.body, Date.now());
      return ok(request, result, 'success.saved');
    },
  );

  app.delete(
    '/api/plants/:plantId/tariffs/:tariffId',
    {
      config: { permission: 'A/D:tariff.edit', audit: audit('tariff.delete') },
      schema: { tags: ['plants'], params: tariffParams, response: { 200: envelope(plantTariffsSchema) } },
    },
    async (request) => {
      const { plantId, tariffId } = request.params;
      request.auditObjectId = String(plantId);
      const result = await removeTariffVersion(db, requireCaller(request), plantId, tariffId, Date.now());
      return ok(request, result, 'success.deleted');
    },
  );

  app.get(
    '/api/plants/:plantId/energy-saving',
    {
      config: { permission: 'A' },
      schema: { tags: ['plants'], params: plantParams, response: { 200: envelope(energySavingConfigSchema) } },
    },
    async (request) => ok(request, await energySavingConfig(db, requireCaller(request), request.params.plantId)),
  );

  const savingChange = (action: string) => ({
    config: { permission: 'A/D:saving.edit', audit: audit(action) },
    schema: {
      tags: ['plants'],
      params: plantParams,
      body: savingFactorsInputSchema,
      response: { 200: envelope(energySavingConfigSchema) },
    },
  });

  app.post('/api/plants/:plantId/energy-saving', savingChange('saving.add'), async (request) => {
    request.auditObjectId = String(request.params.plantId);
    const result = await addEnergySaving(db, requireCaller(request), request.params.plantId, request.body);
    return ok(request, result, 'success.added');
  });

  app.put('/api/plants/:plantId/energy-saving', savingChange('saving.edit'), async (request) => {
    request.auditObjectId = String(request.params.plantId);
    const result = await editEnergySaving(db, requireCaller(request), request.params.plantId, request.body);
    return ok(request, result, 'success.edited');
  });

  app.delete(
    '/api/plants/:plantId/energy-saving',
    {
      config: { permission: 'A/D:saving.edit', audit: audit('saving.delete') },
      schema: { tags: ['plants'], params: plantParams, response: { 200: envelope(energySavingConfigSchema) } },
    },
    async (request) => {
      request.auditObjectId = String(request.params.plantId);
      const result = await removeEnergySaving(db, requireCaller(request), request.params.plantId);
      return ok(request, result, 'success.deleted');
    },
  );
};
