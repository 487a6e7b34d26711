/** Self-registration and password reset: accounts made or recovered with a verification code. */
export { registrationRoutes } from './registration.routes.js';
