import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  SHOP_ABOUT_MAX,
  SHOP_FACE_MESSAGES,
  SHOP_FACE_PART_LABELS,
  shopFaceInputSchema,
  shopFaceSettingsSchema,
  type ShopFace,
  type ShopFacePart,
  type ShopFaceSettings,
  type User,
} from '@zevar/domain';
import { useDialog } from '../../components/dialog/dialog-context';
import { TextAreaField, TextField } from '../../components/FormFields';
import { ImagePicker } from '../../components/ImagePicker';
import { PageSpinner } from '../../components/Spinner';
import { UploadProgressProvider } from '../../components/upload/UploadProgressProvider';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { api, errorMessage, isApiError } from '../../lib/api';
import { uploadImage } from '../../lib/upload';

const shopFacePath = (vendorId: number) => `/user/${vendorId}/shop-face`;
export const shopFaceQueryKey = (vendorId: number) => ['shop-face-settings', vendorId] as const;

/** The form's values: what the reseller typed (numbers as typed, '' for nothing). */
type Draft = Record<ShopFacePart, string>;
const draftOf = (face: ShopFace): Draft => ({
  logo: face.logo ?? '',
  banner: face.banner ?? '',
  about: face.about ?? '',
  contactPhone: face.contactPhone ?? '',
  whatsapp: face.whatsapp ?? '',
});
type Errors = Partial<Record<ShopFacePart, string>>;

/**
 * Shop face (issue 26 item 5): the logo, banner, about text, contact number and WhatsApp button a
 * reseller's shop shows. Parts its plan does not include are shown switched off, with the reason.
 */
export default function ShopFaceTab({ vendor }: { vendor: User }) {
  const settings = useQuery({
    queryKey: shopFaceQueryKey(vendor.id),
    queryFn: () => api.get(shopFacePath(vendor.id), { schema: shopFaceSettingsSchema }),
  });
  if (settings.isError)
    return (
      <p role="alert" className="card p-6 text-red-800">
        Failed to load your shop face: {errorMessage(settings.error)}
      </p>
    );
  if (!settings.data) return <PageSpinner label="Loading your shop face..." />;
  return (
    <UploadProgressProvider
      uploader={(file, onProgress) => uploadImage(file, onProgress, `${shopFacePath(vendor.id)}/images`)}
    >
      <ShopFaceForm vendor={vendor} settings={settings.data} />
    </UploadProgressProvider>
  );
}

function ShopFaceForm({ vendor, settings }: { vendor: User; settings: ShopFaceSettings }) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(() => draftOf(settings.face));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const dirty = (Object.keys(draft) as ShopFacePart[]).some((k) => draft[k] !== saved[k]);
  useUnsavedChangesGuard(dirty);

  const allowed = (part: ShopFacePart) => settings.allowed.includes(part);
  const set = (part: ShopFacePart, value: string) => {
    setDraft((d) => ({ ...d, [part]: value }));
    setErrors((e) => ({ ...e, [part]: undefined }));
  };
  const notOnPlan = (part: ShopFacePart) =>
    allowed(part) ? undefined : SHOP_FACE_MESSAGES.notOnPlan(part, settings.plan);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = shopFaceInputSchema.safeParse(draft);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as ShopFacePart] ??= issue.message;
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      const next = await api.put(shopFacePath(vendor.id), draft, { schema: shopFaceSettingsSchema });
      queryClient.setQueryData(shopFaceQueryKey(vendor.id), next);
      const fresh = draftOf(next.face);
      setSaved(fresh);
      setDraft(fresh);
      void dialog.success('Shop face saved', SHOP_FACE_MESSAGES.saved);
    } catch (err) {
      if (isApiError(err) && err.issues.length > 0) {
        const found: Errors = {};
        for (const issue of err.issues) found[issue.path.split('.')[0] as ShopFacePart] ??= issue.message;
        setErrors(found);
      } else {
        void dialog.error('Error', errorMessage(err));
      }
    } finally {
      setSaving(false);
    }
  };

  const image = (part: 'logo' | 'banner', placeholder: string) => (
    <div>
      {allowed(part) ? (
        <ImagePicker
          label={SHOP_FACE_PART_LABELS[part]}
          placeholder={placeholder}
          value={draft[part] || null}
          onChange={(name) => set(part, name ?? '')}
        />
      ) : (
        <LockedPart
          part={part}
          reason={notOnPlan(part)!}
          clearable={draft[part] !== ''}
          onClear={() => set(part, '')}
        />
      )}
      {errors[part] && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {errors[part]}
        </p>
      )}
    </div>
  );

  return (
    <section aria-labelledby="shop-face-title" className="space-y-6">
      <div>
        <h2 id="shop-face-title" className="text-2xl font-semibold">
          Shop face
        </h2>
        <p className="mt-1 text-taupe">
          What buyers see on your shop and in the previews of the links you share. Your {settings.plan} plan
          includes: {settings.allowed.map((p) => SHOP_FACE_PART_LABELS[p]).join(', ') || 'none of these'}.
        </p>
      </div>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="card space-y-5 p-6">
        <div className="grid gap-5 md:grid-cols-2">
          {image('logo', 'Upload your logo (square)')}
          {image('banner', 'Upload your banner (wide, 4:1)')}
        </div>
        <TextAreaField
          label={SHOP_FACE_PART_LABELS.about}
          value={draft.about}
          maxLength={SHOP_ABOUT_MAX}
          disabled={!allowed('about')}
          onChange={(e) => set('about', e.target.value)}
          error={errors.about}
          hint={notOnPlan('about') ?? `${draft.about.length}/${SHOP_ABOUT_MAX} characters, plain text`}
        />
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label={SHOP_FACE_PART_LABELS.contactPhone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="98765 43210"
            value={draft.contactPhone}
            disabled={!allowed('contactPhone')}
            onChange={(e) => set('contactPhone', e.target.value)}
            error={errors.contactPhone}
            hint={notOnPlan('contactPhone') ?? 'Shown on your shop so buyers can call you'}
          />
          <TextField
            label="WhatsApp number"
            type="tel"
            inputMode="tel"
            placeholder="98765 43210"
            value={draft.whatsapp}
            disabled={!allowed('whatsapp')}
            onChange={(e) => set('whatsapp', e.target.value)}
            error={errors.whatsapp}
            hint={notOnPlan('whatsapp') ?? 'Buyers get a ‘Chat on WhatsApp’ button with the piece named'}
          />
        </div>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            className="btn-ghost"
            disabled={!dirty || saving}
            onClick={() => setDraft(saved)}
          >
            Discard changes
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save shop face'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A picture the plan does not include: why, and (after a downgrade) a way to clear it. */
function LockedPart({
  part,
  reason,
  clearable,
  onClear,
}: {
  part: ShopFacePart;
  reason: string;
  clearable: boolean;
  onClear: () => void;
}) {
  return (
    <div>
      <p className="label">{SHOP_FACE_PART_LABELS[part]}</p>
      <p className="flex h-36 items-center justify-center rounded-md border-2 border-dashed border-sand bg-cream/50 p-4 text-center text-sm text-taupe">
        {reason}
      </p>
      {clearable && (
        <button type="button" className="btn-ghost mt-1 text-xs" onClick={onClear}>
          Remove image
        </button>
      )}
    </div>
  );
}
