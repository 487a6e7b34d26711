import { z } from 'zod';
import type { PermissionNode } from './permissions.js';

// Apart from permissions.ts so that the permission table and its rules (menus, routes) come without zod.

export const permissionAuthSchema = z.object({
  code: z.string(),
  name: z.string(),
  show: z.boolean(),
  selected: z.boolean().optional(),
});

export const permissionNodeSchema: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    show: z.boolean(),
    selected: z.boolean().optional(),
    subModules: z.array(permissionNodeSchema),
    auths: z.array(permissionAuthSchema),
  }),
);
