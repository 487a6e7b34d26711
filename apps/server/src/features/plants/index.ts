/** The plants feature's front door: what the rest of the server may use of it. */
export { handOverPlants } from './plants.repository.js';
export { insertPlant, plantIdsInScope } from './plants.repository.js';
export { plantsRoutes } from './plants.routes.js';
export {
  insertPlantRecord,
  listPlants,
  plantNotFound,
  requirePlantInScope,
  setAffiliatedUsers,
  setScriptActive,
} from './plants.service.js';
