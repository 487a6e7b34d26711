/** The auth feature's front door: what the rest of the server may use of it. */
export { startMaintenance } from './auth.maintenance.js';
export { authRoutes } from './auth.routes.js';
export { requireCaptcha } from './captcha.js';
export { hashPassword, openPasswordBlob, verifyPassword } from './auth.service.js';
export type { AuthDeps } from './auth.service.js';
export { loadLoginKey } from './login-key.js';
export type { LoginKey } from './login-key.js';
export { loadVapidKeys } from './vapid-key.js';
export type { VapidKeys } from './vapid-key.js';
export { sessionStore } from './session.repository.js';
export { revokeUserSessions as endUserSessions, sessionIsLive } from './session.repository.js';
export { revokeUserSessions } from './session.repository.js';
export { issueCode, refusedWithCodeSpent, useCode } from './verification.service.js';
export type { CodeDeps } from './verification.service.js';
