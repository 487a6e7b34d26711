// @voltfleet/domain/big-screen: The big screens and their kiosk links.
export * from '../big-screen.js';
