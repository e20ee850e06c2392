import { hasPermission, type UserType } from './roles';

/** Who acts, or whose account is acted on. */
export type Principal = { id: number; type: UserType; roles: readonly string[] };

const isSuper = (p: { roles: readonly string[] }) => p.roles.includes('SUPER_ADMIN');
const isAdmin = (p: Principal) => p.type === 'ADMIN';

/**
 * The role hierarchy, written once and used by every user route:
 * - admin accounts are read and managed only by admins holding MANAGE_USERS;
 * - vendor accounts are read by MANAGE_USERS, MANAGE_VENDORS and VIEW_DETAILS, managed by the first two;
 * - only a SUPER_ADMIN acts on a SUPER_ADMIN or grants or takes away SUPER_ADMIN.
 * (Whether an action would leave no active super admin needs the database; the service checks it.)
 */
export const userPolicy = {
  /** Whether the viewer may see admin accounts at all (lists, search, single records). */
  readsAdmins(viewer: Principal): boolean {
    return isAdmin(viewer) && hasPermission(viewer.roles, 'MANAGE_USERS');
  },
  readsVendors(viewer: Principal): boolean {
    return (
      isAdmin(viewer) &&
      (['MANAGE_USERS', 'MANAGE_VENDORS', 'VIEW_DETAILS'] as const).some((r) =>
        hasPermission(viewer.roles, r),
      )
    );
  },
  mayRead(viewer: Principal, target: Principal): boolean {
    if (viewer.id === target.id && viewer.type === target.type) return true;
    return target.type === 'ADMIN' ? userPolicy.readsAdmins(viewer) : userPolicy.readsVendors(viewer);
  },
  /**
   * Why the viewer may not edit, (de)activate or delete the target (with its roles becoming
   * `nextRoles`, if they change), or null when allowed.
   */
  denial(viewer: Principal, target: Principal, nextRoles?: readonly string[]): string | null {
    if (!isAdmin(viewer)) return 'You do not have permission to do this';
    if (target.type === 'VENDOR') {
      const ok = hasPermission(viewer.roles, 'MANAGE_USERS') || hasPermission(viewer.roles, 'MANAGE_VENDORS');
      return ok ? null : 'You do not have permission to do this';
    }
    if (!hasPermission(viewer.roles, 'MANAGE_USERS')) return 'You do not have permission to do this';
    if (isSuper(target) && !isSuper(viewer)) return 'Only a super admin can change a super admin';
    if (nextRoles && nextRoles.includes('SUPER_ADMIN') !== isSuper(target) && !isSuper(viewer))
      return 'Only a super admin can change the SUPER_ADMIN role';
    return null;
  },
};
