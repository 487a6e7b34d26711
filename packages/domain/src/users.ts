import { z } from 'zod';
import { checkPhone } from './validation.js';
import { trimmedText } from './validation-schemas.js';
import {
  emailSchema,
  passwordSchema,
  personNameSchema,
  phonePrefixSchema,
  usernameSchema,
} from './validation-schemas.js';
import { LANGUAGES } from './languages.js';
import { USER_LEVELS } from './levels.js';
import { permissionNodeSchema } from './permission-schemas.js';
import { VIEWS } from './permissions.js';

/**
 * Where an account stands with its superior: self-registered accounts are 'pending' until the account they named (or
 * a user above it who may edit users) approves them, confirming role and level, or refuses them. A pending account
 * signs in only to a page saying it waits and holds no permission; a refused one cannot sign in.
 */
export const USER_APPROVALS = ['pending', 'approved', 'refused'] as const;
export type UserApproval = (typeof USER_APPROVALS)[number];
/** The function permission that approves or refuses a registration (the one that edits users). */
export const USER_APPROVAL_PERMISSION = 'D/A:user.edit';
/** Where a registration's message leads its approver: the user list showing the accounts awaiting approval. */
export const AWAITING_APPROVAL_LINK = '/userCenter/userList?approval=pending';

const optionalEmail = z.union([z.literal(''), emailSchema]).optional();

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  code: z.string(),
  email: z.string(),
  prePhoneCode: z.string(),
  phone: z.string(),
  company: z.string(),
  remark: z.string(),
  avatar: z.string().nullable(),
  level: z.number().int(),
  enabled: z.boolean(),
  /** A self-registered account is 'pending' until a superior approves or refuses it (USER_APPROVALS). */
  approval: z.enum(USER_APPROVALS),
  roleId: z.number().int(),
  roleName: z.string(),
  superiorId: z.number().int().nullable(),
  superiorName: z.string().nullable(),
  parentCustomerCode: z.string().nullable(),
  createdAt: z.string(),
  /** The language the account reads in: its own choice, or until it makes one the UI language of its latest session. */
  language: z.enum(LANGUAGES),
  /** Whether `language` was chosen (it then applies on every browser at login; R1.4's browser rule only before). */
  languageChosen: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** The caller's language choice (PUT /api/auth/me/language). */
export const languageChoiceSchema = z.strictObject({
  language: z.enum(LANGUAGES, 'validation.invalidValue'),
});
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;

/** Fields a user may change on their own profile; role, level and superior are not among them. */
export const profileUpdateSchema = z
  .strictObject({
    name: personNameSchema,
    email: optionalEmail,
    prePhoneCode: phonePrefixSchema.optional(),
    phone: z.string().optional(),
    company: trimmedText(100).optional(),
    remark: trimmedText(500).optional(),
  })
  .superRefine(checkPhone);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

const userFields = {
  name: personNameSchema,
  email: optionalEmail,
  prePhoneCode: phonePrefixSchema.optional(),
  phone: z.string().optional(),
  company: trimmedText(100).optional(),
  remark: trimmedText(500).optional(),
  roleId: z.number('validation.required').int(),
  level: z.union(
    USER_LEVELS.map((l) => z.literal(l)),
    'validation.invalidValue',
  ),
  superiorId: z.number().int().optional(),
  enabled: z.boolean().optional(),
};

/** A superior creates a subordinate; the password is sent encrypted like at login. */
export const userCreateSchema = z
  .strictObject({ ...userFields, username: usernameSchema, password: z.string().min(1, 'validation.required') })
  .superRefine(checkPhone);
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z.strictObject(userFields).superRefine(checkPhone);
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** Approving a self-registered account confirms (or changes) the role and level it asked for. */
export const userApprovalSchema = z.strictObject({ roleId: userFields.roleId, level: userFields.level });
export type UserApprovalDecision = z.infer<typeof userApprovalSchema>;

/** The user list's filters (the list and its export): all optional, all combined with AND. */
export const userFilterSchema = z.object({
  keyword: z.string().max(64).optional(),
  enabled: z.enum(['true', 'false'], 'validation.invalidValue').optional(),
  approval: z.enum(USER_APPROVALS, 'validation.invalidValue').optional(),
  roleId: z.coerce.number('validation.invalidValue').int().positive().max(2_147_483_647).optional(),
  level: z.coerce
    .number('validation.invalidValue')
    .int()
    .refine((l) => (USER_LEVELS as readonly number[]).includes(l), 'validation.invalidValue')
    .optional(),
  /** Direct subordinates of this user (who must be the caller or below them). */
  superiorId: z.coerce.number('validation.invalidValue').int().positive().max(2_147_483_647).optional(),
});
export type UserFilter = z.infer<typeof userFilterSchema>;

export const userListQuerySchema = userFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(15),
});

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
  creatorId: z.number().int().nullable(),
  creatorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  permissions: z.array(z.string()),
  views: z.array(z.string()),
  userCount: z.number().int(),
  editable: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleDetailSchema = roleSchema.extend({ tree: z.array(permissionNodeSchema) });

/** Role create/edit: permissions as codes or as a tree (selected overrides show); visible views. */
export const roleInputSchema = z
  .strictObject({
    name: personNameSchema,
    description: trimmedText(200).optional(),
    permissions: z.array(z.string().max(64)).max(200).optional(),
    tree: z.array(permissionNodeSchema).max(20).optional(),
    views: z.array(z.enum(VIEWS, 'validation.invalidValue')).max(VIEWS.length).default([]),
  })
  .refine((r) => r.permissions !== undefined || r.tree !== undefined, {
    path: ['permissions'],
    message: 'validation.required',
  });
export type RoleInput = z.infer<typeof roleInputSchema>;

export const passwordChangeSchema = z.strictObject({
  /** Encrypted blobs, as at login. */
  oldPassword: z.string().min(1, 'validation.required'),
  newPassword: z.string().min(1, 'validation.required'),
});

/** Checks a decrypted new password against R5.1. */
export const plainPasswordSchema = passwordSchema;
