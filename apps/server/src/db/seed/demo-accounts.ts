import { randomBytes, randomInt } from 'node:crypto';
import { PASSWORD_PATTERN, type AdminRole, type Plan } from '@zevar/domain';
import type { users } from '../schema';
import { hashPassword } from '../../modules/users/passwords';

export type DemoAccount = { role: string; username: string; password: string };

/** A fresh random password that satisfies PASSWORD_PATTERN; nothing is ever hard-coded. */
export function generatePassword(): string {
  for (;;) {
    const core = randomBytes(24)
      .toString('base64url')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 10);
    const candidate = `Zv${core}@${randomInt(10)}`;
    if (core.length === 10 && PASSWORD_PATTERN.test(candidate)) return candidate;
  }
}

type VendorSeed = {
  username: string;
  slug: string;
  plan: Plan;
  name: string;
  business: string;
  city: string;
  state: string;
  pincode: string;
  street: string;
  bank: string;
  ifsc: string;
};

/** The shop vendors; the default shop's slug comes from configuration. */
export function demoVendors(defaultSlug: string): VendorSeed[] {
  return [
    {
      username: 'zevar',
      slug: defaultSlug,
      plan: 'PREMIUM',
      name: 'Zevar Team',
      business: 'Zevar Fine Jewellery',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400002',
      street: '14 Zaveri Bazaar, Kalbadevi',
      bank: 'HDFC Bank',
      ifsc: 'HDFC0000060',
    },
    {
      username: 'demo-free',
      slug: 'mehta-jewellers',
      plan: 'FREE',
      name: 'Rakesh Mehta',
      business: 'Mehta Jewellers',
      city: 'Ahmedabad',
      state: 'Gujarat',
      pincode: '380001',
      street: '22 Manek Chowk',
      bank: 'State Bank of India',
      ifsc: 'SBIN0000425',
    },
    {
      username: 'demo-basic',
      slug: 'lakshmi-gold-house',
      plan: 'BASIC',
      name: 'Lakshmi Narayanan',
      business: 'Lakshmi Gold House',
      city: 'Chennai',
      state: 'Tamil Nadu',
      pincode: '600017',
      street: '48 Usman Road, T. Nagar',
      bank: 'Indian Bank',
      ifsc: 'IDIB000T013',
    },
    {
      username: 'demo-standard',
      slug: 'rajputana-silver',
      plan: 'STANDARD',
      name: 'Vikram Singh Rathore',
      business: 'Rajputana Silver Crafts',
      city: 'Jaipur',
      state: 'Rajasthan',
      pincode: '302003',
      street: '7 Johari Bazaar',
      bank: 'ICICI Bank',
      ifsc: 'ICIC0000123',
    },
    {
      username: 'demo-premium',
      slug: 'kanak-heritage',
      plan: 'PREMIUM',
      name: 'Ananya Sen',
      business: 'Kanak Heritage Jewels',
      city: 'Kolkata',
      state: 'West Bengal',
      pincode: '700012',
      street: '91 Bowbazar Street',
      bank: 'Axis Bank',
      ifsc: 'UTIB0000005',
    },
  ];
}

const ADMINS: { username: string; name: string; roles: AdminRole[] }[] = [
  { username: 'demo-admin', name: 'Demo Administrator', roles: ['SUPER_ADMIN'] },
  {
    username: 'demo-catalogue',
    name: 'Demo Catalogue Manager',
    roles: ['MANAGE_PRODUCTS', 'MANAGE_CATEGORIES', 'MANAGE_CAROUSEL'],
  },
];

type UserRow = typeof users.$inferInsert;

function vendorRow(v: VendorSeed, i: number, passwordHash: string): UserRow {
  return {
    type: 'VENDOR',
    username: v.username,
    email: `${v.username}@demo.zevar.in`,
    passwordHash,
    name: v.name,
    slug: v.slug,
    plan: v.plan,
    businessName: v.business,
    description: `${v.business} brings handpicked gold, silver and kundan jewellery from ${v.city} to your doorstep, with hallmarked pieces and free insured shipping.`,
    phone: `98${String(20000000 + i * 1234567).slice(0, 8)}`,
    addressLine1: v.street,
    city: v.city,
    state: v.state,
    pincode: v.pincode,
    country: 'India',
    bankName: v.bank,
    accountHolderName: v.business,
    accountNumber: `50100${String(123456789 + i * 111111).padStart(9, '0')}`,
    ifscCode: v.ifsc,
    instagram: `https://instagram.com/${v.slug}`,
  };
}

/** User rows for every demo account and the passwords to print, hashed concurrently. */
export async function buildDemoUsers(
  defaultSlug: string,
): Promise<{ rows: UserRow[]; accounts: DemoAccount[] }> {
  const vendors = demoVendors(defaultSlug);
  const accounts: DemoAccount[] = [
    ...ADMINS.map((a) => ({
      role: a.roles.includes('SUPER_ADMIN') ? 'SUPER_ADMIN' : 'CATALOGUE_ADMIN',
      username: a.username,
      password: generatePassword(),
    })),
    ...vendors.map((v) => ({ role: `VENDOR_${v.plan}`, username: v.username, password: generatePassword() })),
  ];
  const hashes = await Promise.all(accounts.map((a) => hashPassword(a.password)));
  const adminRows: UserRow[] = ADMINS.map((a, i) => ({
    type: 'ADMIN',
    username: a.username,
    email: `${a.username}@demo.zevar.in`,
    passwordHash: hashes[i]!,
    name: a.name,
    roles: a.roles,
  }));
  const vendorRows = vendors.map((v, i) => vendorRow(v, i, hashes[ADMINS.length + i]!));
  return { rows: [...adminRows, ...vendorRows], accounts };
}
