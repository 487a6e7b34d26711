// The de texts of the message catalogue, one JSON file per namespace (catalogue.ts; decision 0031).
import core from './de/core.json' with { type: 'json' };
import validation from './de/validation.json' with { type: 'json' };
import authLimits from './de/authLimits.json' with { type: 'json' };
import hostileInput from './de/hostileInput.json' with { type: 'json' };
import telemetry from './de/telemetry.json' with { type: 'json' };
import commands from './de/commands.json' with { type: 'json' };
import firmware from './de/firmware.json' with { type: 'json' };
import onlineDebug from './de/onlineDebug.json' with { type: 'json' };
import plants from './de/plants.json' with { type: 'json' };
import storage from './de/storage.json' with { type: 'json' };
import scripts from './de/scripts.json' with { type: 'json' };
import alarms from './de/alarms.json' with { type: 'json' };
import notificationRules from './de/notificationRules.json' with { type: 'json' };
import notices from './de/notices.json' with { type: 'json' };
import inbox from './de/inbox.json' with { type: 'json' };
import workOrders from './de/workOrders.json' with { type: 'json' };
import reports from './de/reports.json' with { type: 'json' };
import images from './de/images.json' with { type: 'json' };
import userAdmin from './de/userAdmin.json' with { type: 'json' };
import registration from './de/registration.json' with { type: 'json' };
import records from './de/records.json' with { type: 'json' };
import codeMail from './de/codeMail.json' with { type: 'json' };
import mail from './de/mail.json' with { type: 'json' };
import bigScreen from './de/bigScreen.json' with { type: 'json' };
import permissions from './de/permissions.json' with { type: 'json' };
import fields from './de/fields.json' with { type: 'json' };
import options from './de/options.json' with { type: 'json' };
import alarmCatalogue from './de/alarmCatalogue.json' with { type: 'json' };
import alarmLabels from './de/alarmLabels.json' with { type: 'json' };
import performanceLabels from './de/performanceLabels.json' with { type: 'json' };
import recordLabels from './de/recordLabels.json' with { type: 'json' };
import recordActions from './de/recordActions.json' with { type: 'json' };
import roles from './de/roles.json' with { type: 'json' };
import exports from './de/exports.json' with { type: 'json' };
import commandLabels from './de/commandLabels.json' with { type: 'json' };
import osim from './de/osim.json' with { type: 'json' };
import webhooks from './de/webhooks.json' with { type: 'json' };
import apiKeys from './de/apiKeys.json' with { type: 'json' };

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
