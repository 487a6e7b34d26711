import type { TestProject } from 'vitest/node';
import { startServer } from './server.mjs';

/** One real server (built app, fresh PGlite data directory, test captcha code) for every journey. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
