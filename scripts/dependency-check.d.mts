export const ROOTS: string[];
export function unitOf(modulePath: string): string | null;
export function isTestModule(modulePath: string): boolean;
export interface FolderCycle {
  units: string[];
  arrows: { from: string; to: string; example: string }[];
}
export function folderCycles(modules: unknown[]): FolderCycle[];
export interface DependencyViolation {
  rule: string;
  from: string;
  to: string;
  cycle: string[] | undefined;
}
export function checkDependencies(options?: {
  baseDir?: string;
  paths?: string[];
}): Promise<{ violations: DependencyViolation[]; cycles: FolderCycle[]; modules: number }>;
