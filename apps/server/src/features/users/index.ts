/** The users feature's front door: what the rest of the server may use of it. */
export { userAvatarRoutes } from './user-avatar.routes.js';
export { insertUser } from './users.repository.js';
export {
  chooseOwnLanguage,
  countUsers,
  insertUserRecord,
  rememberLanguage,
  seedAdministrator,
  subordinate,
  toUser,
  updateProfile,
  updateUserFields,
  userByCode,
  userById,
  userByUsername,
  userOptions,
  usersByAddress,
  verifiedOwners,
  approverFor,
  markContactVerified,
} from './users.service.js';
export type { UserRow } from './users.service.js';
export { exportUsers } from './user-export.js';
export { deleteUser, findUserById, handOverSubordinates, lockUser, moveSubtree } from './users.repository.js';
export { checkLevel, getUser, listUsers, phoneOf, superiorFor } from './users.service.js';
