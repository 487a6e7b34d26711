import type { MessageKey, Translate } from './i18n/catalogue.js';

/**
 * What an operation record says happened, for people (issue 15): one sentence per audited action, a catalogue key
 * (the `recordActions` namespace) whose text has `{{name}}` where the object is named ("Plant Suzhou edited"). The one owner of these texts: the records page
 * reads them, and so would an export of the records. The action codes are the `audit` configs of the server's routes
 * (`auth.login`, `plant.update`…); a record's code stays in its technical details.
 */
export const RECORD_ACTION_NAMES = {
  'auth.login': 'recordAction.auth_login',
  'auth.logout': 'recordAction.auth_logout',
  'auth.changePassword': 'recordAction.auth_changePassword',
  'auth.register': 'recordAction.auth_register',
  'auth.requestCode': 'recordAction.auth_requestCode',
  'auth.resetPassword': 'recordAction.auth_resetPassword',
  'user.resetPassword': 'recordAction.user_resetPassword',
  'user.updateProfile': 'recordAction.user_updateProfile',
  'user.chooseLanguage': 'recordAction.user_chooseLanguage',
  'preferences.tables': 'recordAction.preferences_tables',
  'user.create': 'recordAction.user_create',
  'user.update': 'recordAction.user_update',
  'user.delete': 'recordAction.user_delete',
  'user.enable': 'recordAction.user_enable',
  'user.disable': 'recordAction.user_disable',
  'user.move': 'recordAction.user_move',
  'user.approve': 'recordAction.user_approve',
  'user.refuse': 'recordAction.user_refuse',
  'user.export': 'recordAction.user_export',
  'user.avatar': 'recordAction.user_avatar',
  'user.avatarRemove': 'recordAction.user_avatarRemove',
  'role.create': 'recordAction.role_create',
  'role.update': 'recordAction.role_update',
  'role.delete': 'recordAction.role_delete',
  'plant.create': 'recordAction.plant_create',
  'plant.update': 'recordAction.plant_update',
  'plant.delete': 'recordAction.plant_delete',
  'plantScript.save': 'recordAction.plantScript_save',
  'plantScript.deactivate': 'recordAction.plantScript_deactivate',
  'plantScript.testRun': 'recordAction.plantScript_testRun',
  'tariff.save': 'recordAction.tariff_save',
  'tariff.delete': 'recordAction.tariff_delete',
  'saving.add': 'recordAction.saving_add',
  'saving.edit': 'recordAction.saving_edit',
  'saving.delete': 'recordAction.saving_delete',
  'device.stockIn': 'recordAction.device_stockIn',
  'device.rotateCredentials': 'recordAction.device_rotateCredentials',
  'device.activate': 'recordAction.device_activate',
  'device.deactivate': 'recordAction.device_deactivate',
  'device.import': 'recordAction.device_import',
  'device.export': 'recordAction.device_export',
  'device.editFields': 'recordAction.device_editFields',
  'command.issue': 'recordAction.command_issue',
  'debug.read': 'recordAction.debug_read',
  'firmware.upload': 'recordAction.firmware_upload',
  'firmware.delete': 'recordAction.firmware_delete',
  'firmware.upgrade': 'recordAction.firmware_upgrade',
  'alarm.acknowledge': 'recordAction.alarm_acknowledge',
  'alarm.export': 'recordAction.alarm_export',
  'performance.export': 'recordAction.performance_export',
  'records.export': 'recordAction.records_export',
  'controlRecords.export': 'recordAction.controlRecords_export',
  'notificationRule.create': 'recordAction.notificationRule_create',
  'notificationRule.update': 'recordAction.notificationRule_update',
  'notificationRule.enable': 'recordAction.notificationRule_enable',
  'notificationRule.disable': 'recordAction.notificationRule_disable',
  'notificationRule.delete': 'recordAction.notificationRule_delete',
  'message.read': 'recordAction.message_read',
  'message.readAll': 'recordAction.message_readAll',
  'message.delete': 'recordAction.message_delete',
  'notice.dismiss': 'recordAction.notice_dismiss',
  'notice.publish': 'recordAction.notice_publish',
  'notice.withdraw': 'recordAction.notice_withdraw',
  'workOrder.create': 'recordAction.workOrder_create',
  'workOrder.edit': 'recordAction.workOrder_edit',
  'workOrder.assign': 'recordAction.workOrder_assign',
  'workOrder.transition': 'recordAction.workOrder_transition',
  'workOrder.comment': 'recordAction.workOrder_comment',
  'workOrder.imageAdd': 'recordAction.workOrder_imageAdd',
  'workOrder.imageRemove': 'recordAction.workOrder_imageRemove',
  'reportTemplate.create': 'recordAction.reportTemplate_create',
  'reportTemplate.update': 'recordAction.reportTemplate_update',
  'reportTemplate.delete': 'recordAction.reportTemplate_delete',
  'report.export': 'recordAction.report_export',
  'energy.export': 'recordAction.energy_export',
  'kioskLink.create': 'recordAction.kioskLink_create',
  'kioskLink.revoke': 'recordAction.kioskLink_revoke',
  'apiKey.create': 'recordAction.apiKey_create',
  'apiKey.revoke': 'recordAction.apiKey_revoke',
  'webhook.create': 'recordAction.webhook_create',
  'webhook.update': 'recordAction.webhook_update',
  'webhook.delete': 'recordAction.webhook_delete',
  'webhook.rotate': 'recordAction.webhook_rotate',
  'webhook.test': 'recordAction.webhook_test',
  'webhook.redeliver': 'recordAction.webhook_redeliver',
  'pushSubscription.create': 'recordAction.pushSubscription_create',
  'pushSubscription.test': 'recordAction.pushSubscription_test',
  'pushSubscription.delete': 'recordAction.pushSubscription_delete',
} as const satisfies Record<string, MessageKey>;
export type RecordAction = keyof typeof RECORD_ACTION_NAMES;

/** An action no table entry knows (a route added without a text, or a record of a route since removed). */
export const UNKNOWN_ACTION_NAMES: MessageKey = 'recordActionUnknown';

/** The kinds of object records name, as nouns ("Plant Suzhou", "Device VF0001"). */
export const RECORD_OBJECT_NAMES = {
  plant: 'recordObject.plant',
  plantScript: 'recordObject.plantScript',
  user: 'recordObject.user',
  role: 'recordObject.role',
  device: 'recordObject.device',
  alarm: 'recordObject.alarm',
  notificationRule: 'recordObject.notificationRule',
  firmware: 'recordObject.firmware',
  message: 'recordObject.message',
  notice: 'recordObject.notice',
  workOrder: 'recordObject.workOrder',
  reportTemplate: 'recordObject.reportTemplate',
  reportExport: 'recordObject.reportExport',
  kioskLink: 'recordObject.kioskLink',
  apiKey: 'recordObject.apiKey',
  webhook: 'recordObject.webhook',
  pushSubscription: 'recordObject.pushSubscription',
} as const satisfies Record<string, MessageKey>;

/** Words of the records list's own (the columns and filters are in the web's texts). */
export const RECORD_WORDS = {
  details: 'recordWord.details',
  yes: 'recordWord.yes',
  no: 'recordWord.no',
  /** A secret that changed: the fact is recorded, the value never. */
  changed: 'recordWord.changed',
} as const satisfies Record<string, MessageKey>;

export function isRecordAction(action: string): action is RecordAction {
  return Object.hasOwn(RECORD_ACTION_NAMES, action);
}

/**
 * The action of a record as the table knows it: switching a rule on or off is one route (`notificationRule.enabled`)
 * but two different things to read, told apart by the body it sent.
 */
export function recordActionOf(action: string, params: Readonly<Record<string, unknown>>): string {
  if (action === 'notificationRule.enabled')
    return params.enabled === false ? 'notificationRule.disable' : 'notificationRule.enable';
  return action;
}

/**
 * The sentence of an action in a language with its object's words put in ("Plant Suzhou edited"); an action the
 * table does not know reads "Other change …" (its code stays in the record's details). `objectText` is the name, or
 * "#12" when the name is not known, or empty when the action has no object.
 */
export function recordActionText(action: string, objectText: string, t: Translate): string {
  const key: MessageKey = isRecordAction(action) ? RECORD_ACTION_NAMES[action] : UNKNOWN_ACTION_NAMES;
  return t(key, { name: objectText })
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The catalogue key of an object type's noun, or null for a type the table does not know. */
export function recordObjectNoun(objectType: string): MessageKey | null {
  return Object.hasOwn(RECORD_OBJECT_NAMES, objectType)
    ? RECORD_OBJECT_NAMES[objectType as keyof typeof RECORD_OBJECT_NAMES]
    : null;
}
