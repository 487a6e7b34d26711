// Apart from users.ts so that level names come without the user schemas (and zod).

/** Account levels: lower numbers sit higher in the hierarchy. */
export const USER_LEVELS = [0, 1, 2, 3] as const;
export type UserLevel = (typeof USER_LEVELS)[number];
/** 0 platform operator, 1 dealer, 2 engineering (installer), 3 personal (owner). */
export const LEVEL_KEYS = ['operator', 'dealer', 'engineering', 'personal'] as const;
