// Types of pg-harness.mjs for the TypeScript tests that start their own cluster (apps/server fault tests).
export interface PostgresCluster {
  url: string;
  port: number;
  dataDir: string;
  binDir: string;
  stop(): Promise<void>;
  /** Stops (`fast` by default; `immediate` is a crash) and starts the cluster again on the same port and data. */
  restart(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
}

export function findPostgresBin(): string | undefined;
export function postgresUnavailableReason(): string | undefined;
export function startPostgres(options?: { log?: (line: string) => void }): Promise<PostgresCluster>;
