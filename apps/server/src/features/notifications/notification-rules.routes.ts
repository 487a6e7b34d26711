import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveryListQuerySchema,
  deliveryPageSchema,
  notificationRuleEnabledSchema,
  notificationRuleInputSchema,
  notificationRuleListQuerySchema,
  notificationRuleOptionsSchema,
  notificationRulePageSchema,
  notificationRuleSchema,
} from '@voltfleet/domain/alarms';
import { envelope } from '@voltfleet/domain/envelope';
import { fieldChanges } from '@voltfleet/domain/records';
import type { Db } from '../../db/db.js';
import { requireCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import {
  createNotificationRule,
  deleteNotificationRule,
  getNotificationRule,
  listNotificationRules,
  notificationRuleDeliveries,
  notificationRuleOptions,
  setNotificationRuleEnabled,
  updateNotificationRule,
} from './notification-rules.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
// Category `alarm`: the records page files the rules with the Alarm Center's other changes.
const audit = (action: string) => ({ action, category: 'alarm', objectType: 'notificationRule' });
const tags = ['notification rules'];

/**
 * Alarm notification rules (R2.19 /alarmCenter/alarmRules, C/C): reading needs the page, changes its function
 * permissions (rule.add, rule.edit — switching on and off is an edit —, rule.delete). Every change is audited (the
 * record is written before the change, docs/decisions/0002); a rule outside the caller's subtree answers 404.
 */
export const notificationRulesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/notification-rules',
    {
      config: { permission: 'C/C' },
      schema: {
        tags,
        querystring: notificationRuleListQuerySchema,
        response: { 200: envelope(notificationRulePageSchema) },
      },
    },
    async (request) => ok(request, await listNotificationRules(db, requireCaller(request), request.query)),
  );

  app.get(
    '/api/notification-rules/options',
    { config: { permission: 'C/C' }, schema: { tags, response: { 200: envelope(notificationRuleOptionsSchema) } } },
    async (request) => ok(request, await notificationRuleOptions(db, requireCaller(request))),
  );

  app.get(
    '/api/notification-rules/:id',
    {
      config: { permission: 'C/C' },
      schema: { tags, params: idParams, response: { 200: envelope(notificationRuleSchema) } },
    },
    async (request) => ok(request, await getNotificationRule(db, requireCaller(request), request.params.id)),
  );

  app.get(
    '/api/notification-rules/:id/deliveries',
    {
      config: { permission: 'C/C' },
      schema: {
        tags,
        params: idParams,
        querystring: deliveryListQuerySchema,
        response: { 200: envelope(deliveryPageSchema) },
      },
    },
    async (request) =>
      ok(request, await notificationRuleDeliveries(db, requireCaller(request), request.params.id, request.query)),
  );

  app.post(
    '/api/notification-rules',
    {
      config: { permission: 'C/C:rule.add', audit: audit('notificationRule.create') },
      schema: { tags, body: notificationRuleInputSchema, response: { 200: envelope(notificationRuleSchema) } },
    },
    async (request) => {
      const rule = await createNotificationRule(db, requireCaller(request), request.body);
      request.auditObjectId = String(rule.id);
      return ok(request, rule, 'success.added');
    },
  );

  app.put(
    '/api/notification-rules/:id',
    {
      config: { permission: 'C/C:rule.edit', audit: audit('notificationRule.update') },
      schema: {
        tags,
        params: idParams,
        body: notificationRuleInputSchema,
        response: { 200: envelope(notificationRuleSchema) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      // Read before the change, so the record lists what changed (before → after) and not only what was sent.
      const before = await getNotificationRule(db, caller, request.params.id);
      const rule = await updateNotificationRule(db, caller, request.params.id, request.body);
      // Plants and users compared as the rule names them (with their names), not as the ids sent.
      request.auditChanges = fieldChanges(before, rule, [...Object.keys(request.body), 'plants', 'users']);
      return ok(request, rule, 'success.edited');
    },
  );

  app.put(
    '/api/notification-rules/:id/enabled',
    {
      config: { permission: 'C/C:rule.edit', audit: audit('notificationRule.enabled') },
      schema: {
        tags,
        params: idParams,
        body: notificationRuleEnabledSchema,
        response: { 200: envelope(notificationRuleSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const rule = await setNotificationRuleEnabled(db, requireCaller(request), id, request.body.enabled);
      return ok(request, rule, 'success.saved');
    },
  );

  app.delete(
    '/api/notification-rules/:id',
    {
      config: { permission: 'C/C:rule.delete', audit: audit('notificationRule.delete') },
      schema: { tags, params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteNotificationRule(db, requireCaller(request), request.params.id);
      return ok(request, null, 'success.deleted');
    },
  );
};
