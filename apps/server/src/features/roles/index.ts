/** The roles feature's front door: what the rest of the server may use of it. */
export { insertRole } from './roles.repository.js';
export { rolesRoutes } from './roles.routes.js';
export { assertAssignableRole, builtinRoleId, handOverRoles, seedBuiltinRoles } from './roles.service.js';
