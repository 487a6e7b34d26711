// Types of test-changed.mjs for its test (apps/server/src/platform/test-changed.test.ts).
export interface ServerFeaturePlan {
  /** The changed features and the features whose code imports one of them. */
  features: string[];
  /** The test files to run, relative to the repository root. */
  tests: string[];
}
export function serverFeatureTests(root: string, changed: readonly string[]): ServerFeaturePlan | undefined;
