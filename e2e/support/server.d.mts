export declare const ROOT: string;
export declare const ADMIN_PASSWORD: string;
export declare const CAPTCHA_CODE: string;
export declare function freePort(): Promise<number>;
export declare function assertBuilt(): void;
/** A stopped server's data directory and ports, to start it again in place. */
export interface RestartWith {
  dataDir: string;
  ports: number[];
}
export interface RunningServer {
  baseUrl: string;
  mqttPort: number;
  dataDir: string;
  output(): string;
  restartWith: RestartWith;
  /** keepData: leave the data directory for a restart in place. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}
export declare function startServer(
  extraEnv?: Record<string, string>,
  options?: { again?: RestartWith; readyMs?: number },
): Promise<RunningServer>;
