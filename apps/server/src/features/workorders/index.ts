/** The workorders feature's front door: what the rest of the server may use of it. */
export { handOverWorkOrders } from './work-order-handover.service.js';
export { workOrdersRoutes } from './work-orders.routes.js';
