/** The part of a caller that says it called with an API key, and what that key narrows. */
export interface CallerKey {
  id: number;
  writes: boolean;
  /** null: every plant of the owner's scope; otherwise only these (still intersected with the owner's scope). */
  plantIds: readonly number[] | null;
}

/** The authenticated caller: who they are, where they sit in the tree and what they may do. */
export interface Caller {
  id: number;
  username: string;
  /** Materialised path "/1/7/"; the caller's data scope is every record under it. */
  path: string;
  level: number;
  roleId: number;
  permissions: ReadonlySet<string>;
  /** False while a self-registered account awaits approval: it then reaches only `whileAwaitingApproval` routes. */
  approved: boolean;
  tokenHash: string;
  /** Set when the caller is a program calling with an API key: what the key narrows (plants, writes). */
  key?: CallerKey;
}
