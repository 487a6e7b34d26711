export interface E2eApi {
  call<T = unknown>(method: string, url: string, opts?: { token?: string; body?: unknown; lang?: string }): Promise<T>;
  login(username: string, password: string): Promise<string>;
  createRole(token: string, name: string, permissions: string[], views?: string[]): Promise<{ id: number }>;
  createUser(
    token: string,
    user: { username: string; password: string; roleId: number; level?: number; name?: string },
  ): Promise<{ id: number }>;
}
/** `headers` go with every request (the journeys send their own X-Forwarded-For client address). */
export declare function createApi(baseUrl: string, options?: { headers?: Record<string, string> }): E2eApi;
