export declare const ROOT: string;
export declare const ADMIN_PASSWORD: string;
export declare const CAPTCHA_CODE: string;
export declare function freePort(): Promise<number>;
export declare function assertBuilt(): void;
export interface RunningServer {
  baseUrl: string;
  mqttPort: number;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}
export declare function startServer(extraEnv?: Record<string, string>): Promise<RunningServer>;
