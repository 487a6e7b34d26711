/** The workorders feature's front door: what the rest of the server may use of it. */
export { handOverWorkOrders } from './work-orders.repository.js';
export { workOrdersRoutes } from './work-orders.routes.js';
