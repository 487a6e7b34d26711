/**
 * What the users feature needs of the plants table when a user is deleted: their plants go to the deleting user.
 * Apart from plants.service.ts, which reads the users feature (account options), so the two never import each other.
 */
export { handOverPlants } from './plants.repository.js';
