import { ScriptSandbox } from './sandbox.js';

let shared: ScriptSandbox | null = null;
let users = 0;

/**
 * The process's one script sandbox, shared by the routes (test runs, save checks) and the job, so a process keeps
 * at most one warm child and one spare. Each user releases it; the last release stops the children.
 */
export function acquireSandbox(): ScriptSandbox {
  shared ??= new ScriptSandbox();
  users += 1;
  return shared;
}

export async function releaseSandbox(): Promise<void> {
  users = Math.max(0, users - 1);
  if (users > 0 || !shared) return;
  const sandbox = shared;
  shared = null;
  await sandbox.close();
}
