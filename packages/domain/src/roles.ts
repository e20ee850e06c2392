// No zod here: the web app's first load imports this module (see reserved-slugs.ts).

export const USER_TYPES = ['VENDOR', 'ADMIN'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ADMIN_ROLES = [
  'SUPER_ADMIN',
  'MANAGE_CAROUSEL',
  'MANAGE_CATEGORIES',
  'MANAGE_PRODUCTS',
  'MANAGE_VENDORS',
  'MANAGE_ORDERS',
  'MANAGE_USERS',
  'VIEW_DETAILS',
  /** Reads the audit trail (issue 23): who changed what, when, from where. */
  'VIEW_AUDIT',
] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** SUPER_ADMIN passes every permission check. */
export function hasPermission(roles: readonly string[], needed: AdminRole): boolean {
  return roles.includes('SUPER_ADMIN') || roles.includes(needed);
}
