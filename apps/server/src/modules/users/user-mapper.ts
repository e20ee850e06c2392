import type { User } from '@zevar/domain';
import type { users, subscriptions } from '../../db/schema';

type UserRow = typeof users.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;
export type VendorStats = NonNullable<User['vendorStats']>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Maps a stored user to the API shape; the password hash and internal columns never leave here. */
export function toUserDto(
  row: UserRow,
  subs: SubscriptionRow[] = [],
  stats: VendorStats | null = null,
): User {
  const vendor = row.type === 'VENDOR';
  return {
    id: row.id,
    type: vendor ? 'vendor' : 'admin',
    name: row.name,
    email: row.email,
    active: row.active,
    slug: row.slug,
    createdAt: row.createdAt.toISOString(),
    username: row.username,
    roles: vendor ? [] : row.roles,
    plan: vendor ? row.plan : null,
    bussinessName: row.businessName,
    description: row.description,
    contact: vendor
      ? {
          phone: row.phone ?? '',
          secondaryPhone: row.secondaryPhone,
          addressLine1: row.addressLine1 ?? '',
          addressLine2: row.addressLine2,
          city: row.city ?? '',
          state: row.state ?? '',
          pincode: row.pincode ?? '',
          country: row.country ?? 'India',
        }
      : null,
    bankDetails: vendor
      ? {
          bankName: row.bankName,
          accountHolderName: row.accountHolderName,
          accountNumber: row.accountNumber,
          ifscCode: row.ifscCode,
        }
      : null,
    website: row.website,
    socialLinks: vendor ? { facebook: row.facebook, instagram: row.instagram, twitter: row.twitter } : null,
    subscriptions: subs
      .filter((s) => s.status === 'ACTIVE' || s.status === 'EXPIRED')
      .map((s) => ({
        id: s.id,
        active: s.status === 'ACTIVE',
        startDate: iso(s.startDate),
        endDate: iso(s.endDate),
        vendorPlan: { plan: s.plan },
      })),
    vendorStats: vendor ? stats : null,
    version: row.version,
  };
}
