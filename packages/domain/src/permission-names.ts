import type { MessageKey } from './i18n/catalogue.js';

/**
 * Display names of the modules and their pages (the menu's codes), as catalogue keys (the `permissions` namespace, decision 0031). Apart from the function
 * permissions' names so that the shell's menu, on every page, does not carry the role editor's words.
 */
export const MODULE_NAMES: Readonly<Record<string, MessageKey>> = {
  A: 'permission.module.A',
  B: 'permission.module.B',
  C: 'permission.module.C',
  D: 'permission.module.D',
  E: 'permission.module.E',
  'A/A': 'permission.module.A_A',
  'A/D': 'permission.module.A_D',
  'B/A': 'permission.module.B_A',
  'B/D': 'permission.module.B_D',
  'B/E': 'permission.module.B_E',
  'C/A': 'permission.module.C_A',
  'C/B': 'permission.module.C_B',
  'C/C': 'permission.module.C_C',
  'D/A': 'permission.module.D_A',
  'D/C': 'permission.module.D_C',
  'D/D': 'permission.module.D_D',
  'D/E': 'permission.module.D_E',
};

/** Display names of the function permissions ("<owner>:<action>"), as catalogue keys (the `permissions` namespace, decision 0031). */
export const FUNCTION_NAMES: Readonly<Record<string, MessageKey>> = {
  'A:plant.add': 'permission.function.A_plant_add',
  'A:plant.edit': 'permission.function.A_plant_edit',
  'A:plant.delete': 'permission.function.A_plant_delete',
  'A/D:tariff.edit': 'permission.function.A_D_tariff_edit',
  'A/D:saving.edit': 'permission.function.A_D_saving_edit',
  'A/D:script.edit': 'permission.function.A_D_script_edit',
  'B/A:device.export': 'permission.function.B_A_device_export',
  'B/D:device.stockIn': 'permission.function.B_D_device_stockIn',
  'B/D:device.import': 'permission.function.B_D_device_import',
  'B/D:device.activate': 'permission.function.B_D_device_activate',
  'B/E:command.issue': 'permission.function.B_E_command_issue',
  'B/E:command.batch': 'permission.function.B_E_command_batch',
  'B/E:firmware.upgrade': 'permission.function.B_E_firmware_upgrade',
  'B/E:firmware.manage': 'permission.function.B_E_firmware_manage',
  'B/E:debug.raw': 'permission.function.B_E_debug_raw',
  'C/A:alarm.export': 'permission.function.C_A_alarm_export',
  'C/A:alarm.ack': 'permission.function.C_A_alarm_ack',
  'C/C:rule.add': 'permission.function.C_C_rule_add',
  'C/C:rule.edit': 'permission.function.C_C_rule_edit',
  'C/C:rule.delete': 'permission.function.C_C_rule_delete',
  'D/A:user.add': 'permission.function.D_A_user_add',
  'D/A:user.edit': 'permission.function.D_A_user_edit',
  'D/A:user.delete': 'permission.function.D_A_user_delete',
  'D/E:template.edit': 'permission.function.D_E_template_edit',
  'E:role.add': 'permission.function.E_role_add',
  'E:role.edit': 'permission.function.E_role_edit',
  'E:role.delete': 'permission.function.E_role_delete',
  'E:notice.publish': 'permission.function.E_notice_publish',
};

/** Display names of modules, pages and function permissions, as catalogue keys (the `permissions` namespace, decision 0031). */
// Object.assign, not a spread, so that it can carry the pure annotation: the bundler keeps an unannotated merge even
// when unused, and with it FUNCTION_NAMES (the role editor's) in the shell's first download, where the menu reads
// only MODULE_NAMES.
export const PERMISSION_NAMES: Readonly<Record<string, MessageKey>> = /*#__PURE__*/ Object.assign(
  {},
  MODULE_NAMES,
  FUNCTION_NAMES,
);

/** Names of the child pages (menu entries), by route segment. */
export const PAGE_NAMES: Readonly<Record<string, MessageKey>> = {
  plantStatistics: 'permission.page.plantStatistics',
  plantList: 'permission.page.plantList',
  plantConfig: 'permission.page.plantConfig',
  plantPerformance: 'permission.page.plantPerformance',
  deviceList: 'permission.page.deviceList',
  deviceStorage: 'permission.page.deviceStorage',
  commandIssue: 'permission.page.commandIssue',
  onlineDebug: 'permission.page.onlineDebug',
  alarmSearch: 'permission.page.alarmSearch',
  alarmOverView: 'permission.page.alarmOverView',
  alarmRules: 'permission.page.alarmRules',
  userList: 'permission.page.userList',
  contralRecord: 'permission.page.contralRecord',
  operateRecord: 'permission.page.operateRecord',
  myTemplate: 'permission.page.myTemplate',
  dataSelect: 'permission.page.dataSelect',
  roleList: 'permission.page.roleList',
};

export const MENU_GROUP_NAMES: Readonly<Record<string, MessageKey>> = {
  plantOverview: 'permission.menuGroup.plantOverview',
  plantManagement: 'permission.menuGroup.plantManagement',
  deviceOverview: 'permission.menuGroup.deviceOverview',
  deviceManagement: 'permission.menuGroup.deviceManagement',
  deviceControl: 'permission.menuGroup.deviceControl',
  alarmManagement: 'permission.menuGroup.alarmManagement',
  messageManagement: 'permission.menuGroup.messageManagement',
  userManagement: 'permission.menuGroup.userManagement',
  recordManagement: 'permission.menuGroup.recordManagement',
  reportManagement: 'permission.menuGroup.reportManagement',
  roleManagement: 'permission.menuGroup.roleManagement',
};

export const VIEW_NAMES: Readonly<Record<string, MessageKey>> = {
  'bigScreen/map': 'permission.view.bigScreen_map',
  'bigScreen/charts': 'permission.view.bigScreen_charts',
  'bigScreen/flowGraph': 'permission.view.bigScreen_flowGraph',
};

/** The catalogue key of a module or page code's display name, or undefined when unnamed (show the code). */
export function moduleName(code: string): MessageKey | undefined {
  return Object.hasOwn(MODULE_NAMES, code) ? MODULE_NAMES[code] : undefined;
}

/** The catalogue key of a permission code's display name, or undefined when unnamed (show the code). */
export function permissionName(code: string): MessageKey | undefined {
  return Object.hasOwn(PERMISSION_NAMES, code) ? PERMISSION_NAMES[code] : undefined;
}
