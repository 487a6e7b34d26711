// @voltfleet/domain/auth: Login, sessions, registration and password reset by code, and the code messages' words.
export * from '../auth.js';
export * from '../registration.js';
export * from '../registration-mail.js';
