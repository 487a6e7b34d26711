// @voltfleet/domain/big-screen: The big screens and their kiosk links.
export * from '../big-screen.js';
export * from '../big-screen-schemas.js';
