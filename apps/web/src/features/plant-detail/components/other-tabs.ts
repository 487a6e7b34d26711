// Every tab of the plant detail but the basic one (and the basic tab's detailed data), in one chunk: one more chunk for the bundler to place rather than
// six, which moved antd's shared code between the common chunks and grew the shell's download past its budget.
export { AssociatedInfo } from './associated-info';
export { GenerationTab } from './generation-tab';
export { IndicatorsList } from './indicators-list';
export { PlantInfo } from './plant-info';
export { SavingsTab } from './savings-tab';
export { TrendTab } from './trend-tab';
export { DetailedData } from './detailed-data';
