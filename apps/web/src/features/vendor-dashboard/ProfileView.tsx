import type { ReactNode } from 'react';
import { MSG, type User } from '@zevar/domain';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-taupe">{label}</dt>
      <dd className="text-sm break-words text-ink sm:col-span-2">{children || '—'}</dd>
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-sand pt-4 first:border-t-0 first:pt-0">
      <h3 className="text-lg font-semibold">{title}</h3>
      <dl className="mt-2 divide-y divide-sand/60">{children}</dl>
    </section>
  );
}

/** Shows only the last four digits of a bank account number. */
function maskAccount(number: string | null | undefined): string {
  if (!number) return '';
  return number.length <= 4 ? number : `•••• ${number.slice(-4)}`;
}

/** Profile tab, view mode: shop link (or the prompt to choose one) and the stored details. */
export function ProfileView({ vendor, onEdit }: { vendor: User; onEdit: () => void }) {
  const contact = vendor.contact;
  const bank = vendor.bankDetails;
  const address = [
    contact?.addressLine1,
    contact?.addressLine2,
    contact?.city,
    contact?.state,
    contact?.pincode,
  ]
    .filter(Boolean)
    .join(', ');
  const shopPath = vendor.slug ? `/${encodeURIComponent(vendor.slug)}` : null;

  return (
    <section aria-labelledby="profile-title" className="card p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="profile-title" className="text-2xl font-semibold">
            Profile Information
          </h2>
          {shopPath ? (
            <p className="mt-1 text-sm text-taupe">
              Your shop:{' '}
              <a href={shopPath} target="_blank" rel="noopener noreferrer" className="link font-medium">
                {window.location.origin}
                {shopPath}
              </a>
            </p>
          ) : (
            <p role="alert" className="mt-2 rounded-md bg-gold-50 px-3 py-2 text-sm text-gold-900">
              {MSG.vendorSlugMissing}
            </p>
          )}
        </div>
        <button type="button" className="btn-outline" onClick={onEdit}>
          Edit
        </button>
      </div>

      <p className="mt-4 rounded-md border border-gold-200 bg-gold-50 px-3 py-2 text-xs text-gold-900">
        Keep your contact and bank details up to date: payouts are sent to the account shown here.
      </p>

      <div className="mt-6 space-y-4">
        <Group title="Business">
          <Row label="Username">{vendor.username}</Row>
          <Row label="Business Name">{vendor.bussinessName}</Row>
          <Row label="Description">{vendor.description}</Row>
          <Row label="Website">{vendor.website}</Row>
        </Group>
        <Group title="Contact">
          <Row label="Email">{vendor.email}</Row>
          <Row label="Primary Phone">{contact?.phone}</Row>
          <Row label="Secondary Phone">{contact?.secondaryPhone}</Row>
          <Row label="Address">{address}</Row>
        </Group>
        <Group title="Bank Details">
          <Row label="Account Holder Name">{bank?.accountHolderName}</Row>
          <Row label="Account Number">{maskAccount(bank?.accountNumber)}</Row>
          <Row label="IFSC Code">{bank?.ifscCode}</Row>
          <Row label="Bank Name">{bank?.bankName}</Row>
        </Group>
        <Group title="Social Links">
          <Row label="Facebook">{vendor.socialLinks?.facebook}</Row>
          <Row label="Instagram">{vendor.socialLinks?.instagram}</Row>
        </Group>
      </div>
    </section>
  );
}
