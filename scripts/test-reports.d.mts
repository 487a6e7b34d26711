// Types of test-reports.mjs for its test (apps/server/src/platform/test-reports.test.ts).
export interface RunOutcome {
  code: number;
  note?: string;
}
export interface Failure {
  where: string;
  why: string;
}
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  failures: Failure[];
  note: string | undefined;
}
export function countVitest(root: string, jsonFile: string, run: RunOutcome): Counts;
export function countPlaywright(jsonFile: string, run: RunOutcome): Counts;
export interface SuiteRun {
  suite: { name: string; title: string };
  result: (Counts & { ms?: number; skippedSuite?: undefined }) | { skippedSuite: true; note: string };
}
export function summary(
  runs: SuiteRun[],
  seconds: number,
): { lines: string[]; total: { passed: number; failed: number; skipped: number } };
