// The activation picker's plant choices are the app's one plant-picker query.
export { getPlantChoices, plantChoicesQuery, usePlantChoices, type PlantChoice } from '@/lib/plant-choices';
