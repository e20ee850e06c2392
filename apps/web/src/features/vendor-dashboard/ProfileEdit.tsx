import type { User } from '@zevar/domain';

export interface ProfileEditProps {
  vendor: User;
  onCancel: () => void;
  /** Called after a successful save with the updated vendor. */
  onSaved: (vendor: User) => void;
}

/** Profile edit form (being built): slug, contact, bank details, website and social links. */
export default function ProfileEdit({ vendor, onCancel }: ProfileEditProps) {
  return (
    <section aria-labelledby="profile-edit-title" className="card p-6">
      <h2 id="profile-edit-title" className="text-2xl font-semibold">
        Edit Profile
      </h2>
      <p className="mt-3 text-taupe">
        Editing the profile of {vendor.bussinessName ?? vendor.name} is coming soon.
      </p>
      <div className="mt-6 flex gap-2">
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
