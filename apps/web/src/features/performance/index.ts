/**
 * The performance feature's front door: what app/ may use of it besides its pages (pages/*.tsx, the route entry points
 * app/ loads): the plant detail's Performance tab, which the plant detail route puts on the page (features do not
 * import each other).
 */
export { PlantPerformanceTab } from './components/plant-performance-tab';
