/** What the users feature needs of the work orders when a user is deleted (see the repository function). */
export { handOverWorkOrders } from './work-orders.repository.js';
