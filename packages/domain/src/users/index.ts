// @voltfleet/domain/users: Users, their levels, the user list's administration, avatars and uploaded images, and each
// user's column choices.
export * from '../levels.js';
export * from '../level-names.js';
export * from '../users.js';
export * from '../images.js';
export * from '../user-admin.js';
export * from '../table-preferences.js';
export * from '../table-preferences-schemas.js';
