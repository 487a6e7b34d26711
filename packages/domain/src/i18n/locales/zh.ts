// The zh texts of the message catalogue, one JSON file per namespace (catalogue.ts; decision 0031).
import core from './zh/core.json' with { type: 'json' };
import validation from './zh/validation.json' with { type: 'json' };
import authLimits from './zh/authLimits.json' with { type: 'json' };
import hostileInput from './zh/hostileInput.json' with { type: 'json' };
import telemetry from './zh/telemetry.json' with { type: 'json' };
import commands from './zh/commands.json' with { type: 'json' };
import firmware from './zh/firmware.json' with { type: 'json' };
import onlineDebug from './zh/onlineDebug.json' with { type: 'json' };
import plants from './zh/plants.json' with { type: 'json' };
import storage from './zh/storage.json' with { type: 'json' };
import scripts from './zh/scripts.json' with { type: 'json' };
import alarms from './zh/alarms.json' with { type: 'json' };
import notificationRules from './zh/notificationRules.json' with { type: 'json' };
import notices from './zh/notices.json' with { type: 'json' };
import inbox from './zh/inbox.json' with { type: 'json' };
import workOrders from './zh/workOrders.json' with { type: 'json' };
import reports from './zh/reports.json' with { type: 'json' };
import images from './zh/images.json' with { type: 'json' };
import userAdmin from './zh/userAdmin.json' with { type: 'json' };
import registration from './zh/registration.json' with { type: 'json' };
import records from './zh/records.json' with { type: 'json' };
import codeMail from './zh/codeMail.json' with { type: 'json' };
import mail from './zh/mail.json' with { type: 'json' };
import bigScreen from './zh/bigScreen.json' with { type: 'json' };
import permissions from './zh/permissions.json' with { type: 'json' };
import fields from './zh/fields.json' with { type: 'json' };
import options from './zh/options.json' with { type: 'json' };
import alarmCatalogue from './zh/alarmCatalogue.json' with { type: 'json' };
import alarmLabels from './zh/alarmLabels.json' with { type: 'json' };
import performanceLabels from './zh/performanceLabels.json' with { type: 'json' };
import recordLabels from './zh/recordLabels.json' with { type: 'json' };
import recordActions from './zh/recordActions.json' with { type: 'json' };
import roles from './zh/roles.json' with { type: 'json' };
import exports from './zh/exports.json' with { type: 'json' };
import commandLabels from './zh/commandLabels.json' with { type: 'json' };
import osim from './zh/osim.json' with { type: 'json' };
import webhooks from './zh/webhooks.json' with { type: 'json' };
import apiKeys from './zh/apiKeys.json' with { type: 'json' };

export default {
  core,
  validation,
  authLimits,
  hostileInput,
  telemetry,
  commands,
  firmware,
  onlineDebug,
  plants,
  storage,
  scripts,
  alarms,
  notificationRules,
  notices,
  inbox,
  workOrders,
  reports,
  images,
  userAdmin,
  registration,
  records,
  bigScreen,
  mail,
  codeMail,
  permissions,
  fields,
  options,
  alarmCatalogue,
  alarmLabels,
  performanceLabels,
  recordLabels,
  recordActions,
  roles,
  exports,
  commandLabels,
  osim,
  webhooks,
  apiKeys,
};
