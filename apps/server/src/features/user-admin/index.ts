/**
 * Administering the accounts below the caller (create, edit, enable, move, delete with hand-over): above the users,
 * auth and owning features, because it ends sessions and hands a deleted user's plants, devices, roles, firmware and
 * work orders to their superior in one transaction.
 */
export { usersRoutes } from './users.routes.js';
