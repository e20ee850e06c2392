import type { User } from '@zevar/domain';

/**
 * A vendor's profile as form values (the vendor's own edit and an admin's edit start from it):
 * missing values become empty strings and the country is always India.
 */
export function vendorProfileValues(vendor: User) {
  const c = vendor.contact;
  const b = vendor.bankDetails;
  return {
    slug: vendor.slug ?? '',
    email: vendor.email,
    bussinessName: vendor.bussinessName ?? '',
    description: vendor.description ?? '',
    contact: {
      phone: c?.phone ?? '',
      secondaryPhone: c?.secondaryPhone ?? '',
      addressLine1: c?.addressLine1 ?? '',
      addressLine2: c?.addressLine2 ?? '',
      city: c?.city ?? '',
      state: c?.state ?? '',
      pincode: c?.pincode ?? '',
      country: 'India',
    },
    bankDetails: {
      accountHolderName: b?.accountHolderName ?? '',
      accountNumber: b?.accountNumber ?? '',
      ifscCode: b?.ifscCode ?? '',
      bankName: b?.bankName ?? '',
    },
    website: vendor.website ?? '',
  };
}
