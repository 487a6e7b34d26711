// @voltfleet/domain/permissions: Views, menus and functions a role grants, their names in every language, and the
// built-in roles.
export * from '../permissions.js';
export * from '../permission-schemas.js';
export * from '../permission-names.js';
export * from '../builtin-roles.js';
