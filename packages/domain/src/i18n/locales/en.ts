// The en texts of the message catalogue, one JSON file per namespace (catalogue.ts; decision 0031).
import core from './en/core.json' with { type: 'json' };
import validation from './en/validation.json' with { type: 'json' };
import authLimits from './en/authLimits.json' with { type: 'json' };
import hostileInput from './en/hostileInput.json' with { type: 'json' };
import telemetry from './en/telemetry.json' with { type: 'json' };
import commands from './en/commands.json' with { type: 'json' };
import firmware from './en/firmware.json' with { type: 'json' };
import onlineDebug from './en/onlineDebug.json' with { type: 'json' };
import plants from './en/plants.json' with { type: 'json' };
import storage from './en/storage.json' with { type: 'json' };
import scripts from './en/scripts.json' with { type: 'json' };
import alarms from './en/alarms.json' with { type: 'json' };
import notificationRules from './en/notificationRules.json' with { type: 'json' };
import notices from './en/notices.json' with { type: 'json' };
import inbox from './en/inbox.json' with { type: 'json' };
import workOrders from './en/workOrders.json' with { type: 'json' };
import reports from './en/reports.json' with { type: 'json' };
import images from './en/images.json' with { type: 'json' };
import userAdmin from './en/userAdmin.json' with { type: 'json' };
import registration from './en/registration.json' with { type: 'json' };
import records from './en/records.json' with { type: 'json' };
import codeMail from './en/codeMail.json' with { type: 'json' };
import mail from './en/mail.json' with { type: 'json' };
import bigScreen from './en/bigScreen.json' with { type: 'json' };
import permissions from './en/permissions.json' with { type: 'json' };
import fields from './en/fields.json' with { type: 'json' };
import options from './en/options.json' with { type: 'json' };
import alarmCatalogue from './en/alarmCatalogue.json' with { type: 'json' };
import alarmLabels from './en/alarmLabels.json' with { type: 'json' };
import performanceLabels from './en/performanceLabels.json' with { type: 'json' };
import recordLabels from './en/recordLabels.json' with { type: 'json' };
import recordActions from './en/recordActions.json' with { type: 'json' };
import roles from './en/roles.json' with { type: 'json' };
import exports from './en/exports.json' with { type: 'json' };
import commandLabels from './en/commandLabels.json' with { type: 'json' };
import osim from './en/osim.json' with { type: 'json' };
import webhooks from './en/webhooks.json' with { type: 'json' };
import apiKeys from './en/apiKeys.json' with { type: 'json' };

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
