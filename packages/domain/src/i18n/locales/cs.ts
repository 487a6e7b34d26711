// The cs texts of the message catalogue, one JSON file per namespace (catalogue.ts; decision 0031).
import core from './cs/core.json' with { type: 'json' };
import validation from './cs/validation.json' with { type: 'json' };
import authLimits from './cs/authLimits.json' with { type: 'json' };
import hostileInput from './cs/hostileInput.json' with { type: 'json' };
import telemetry from './cs/telemetry.json' with { type: 'json' };
import commands from './cs/commands.json' with { type: 'json' };
import firmware from './cs/firmware.json' with { type: 'json' };
import onlineDebug from './cs/onlineDebug.json' with { type: 'json' };
import plants from './cs/plants.json' with { type: 'json' };
import storage from './cs/storage.json' with { type: 'json' };
import scripts from './cs/scripts.json' with { type: 'json' };
import alarms from './cs/alarms.json' with { type: 'json' };
import notificationRules from './cs/notificationRules.json' with { type: 'json' };
import notices from './cs/notices.json' with { type: 'json' };
import inbox from './cs/inbox.json' with { type: 'json' };
import workOrders from './cs/workOrders.json' with { type: 'json' };
import reports from './cs/reports.json' with { type: 'json' };
import images from './cs/images.json' with { type: 'json' };
import userAdmin from './cs/userAdmin.json' with { type: 'json' };
import registration from './cs/registration.json' with { type: 'json' };
import records from './cs/records.json' with { type: 'json' };
import codeMail from './cs/codeMail.json' with { type: 'json' };
import mail from './cs/mail.json' with { type: 'json' };
import bigScreen from './cs/bigScreen.json' with { type: 'json' };
import permissions from './cs/permissions.json' with { type: 'json' };
import fields from './cs/fields.json' with { type: 'json' };
import options from './cs/options.json' with { type: 'json' };
import alarmCatalogue from './cs/alarmCatalogue.json' with { type: 'json' };
import alarmLabels from './cs/alarmLabels.json' with { type: 'json' };
import performanceLabels from './cs/performanceLabels.json' with { type: 'json' };
import recordLabels from './cs/recordLabels.json' with { type: 'json' };
import recordActions from './cs/recordActions.json' with { type: 'json' };
import roles from './cs/roles.json' with { type: 'json' };
import exports from './cs/exports.json' with { type: 'json' };
import commandLabels from './cs/commandLabels.json' with { type: 'json' };
import osim from './cs/osim.json' with { type: 'json' };
import webhooks from './cs/webhooks.json' with { type: 'json' };
import apiKeys from './cs/apiKeys.json' with { type: 'json' };

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
