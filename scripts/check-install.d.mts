// Types of check-install.mjs for its test (apps/server/src/platform/check-install.test.ts).
export function missingOptional(root?: string): string[];
