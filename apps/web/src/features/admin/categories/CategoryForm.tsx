import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PLANS, PLAN_LABELS, type Category, type Plan } from '@zevar/domain';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { useSessionDraft } from '../../../lib/session-restore';
import { ImagePicker } from '../../../components/ImagePicker';
import type { CategoryBody } from '../../../lib/catalogue-api';
import { useResetWhenChanged } from '../../../lib/use-reset-when-changed';

const HSN_MESSAGE = 'Enter an HSN code of 4, 6 or 8 digits, such as 711319';

const formSchema = z.object({
  name: z.string().trim().min(1),
  parentId: z.string(),
  vendorPlan: z.enum(PLANS),
  image: z.string().min(1),
  banner: z.string().min(1),
  hsnCode: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => /^(|\d{4}|\d{6}|\d{8})$/.test(v), HSN_MESSAGE),
});
type FormValues = z.input<typeof formSchema>;

const EMPTY: FormValues = { name: '', parentId: '', vendorPlan: 'FREE', image: '', banner: '', hsnCode: '' };

function fromCategory(c: Category | null): FormValues {
  if (!c) return EMPTY;
  return {
    name: c.name,
    parentId: c.parentCategory ? String(c.parentCategory.id) : '',
    vendorPlan: c.vendorPlan,
    image: c.image ?? '',
    banner: c.banner ?? '',
    hsnCode: c.hsnCode ?? '',
  };
}

export interface CategoryFormProps {
  editing: Category | null;
  mainCategories: Category[];
  busy: boolean;
  onSubmit: (body: CategoryBody) => Promise<boolean>;
  onInvalid: () => void;
  onCancel: () => void;
}

/** One form for add and edit ('Add New Category' / 'Edit Category'). */
export function CategoryForm({
  editing,
  mainCategories,
  busy,
  onSubmit,
  onInvalid,
  onCancel,
}: CategoryFormProps) {
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: fromCategory(editing),
  });
  const { register, control, handleSubmit, reset, formState } = form;
  useResetWhenChanged(editing, () => reset(fromCategory(editing)));
  // Unsaved edits survive an expired session (after the reset above, so a kept draft wins).
  useSessionDraft(editing ? `category-edit:${editing.id}` : 'category-add', form);
  const { errors } = formState;
  const { confirmDiscard } = useUnsavedChangesGuard(formState.isDirty);

  const submit = handleSubmit(
    async (v) => {
      const ok = await onSubmit({
        name: v.name,
        parentCategory: v.parentId ? { id: Number(v.parentId) } : null,
        vendorPlan: v.vendorPlan as Plan,
        image: v.image,
        banner: v.banner,
        hsnCode: v.hsnCode || null,
      });
      if (ok) reset(EMPTY);
    },
    (errs) => {
      // A malformed HSN code alone is shown on its field; missing required fields get the dialog.
      if (Object.keys(errs).some((k) => k !== 'hsnCode')) onInvalid();
    },
  );

  const parents = mainCategories.filter((c) => c.id !== editing?.id);
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="card space-y-4 p-5"
      aria-labelledby="category-form-title"
      noValidate
    >
      <h2 id="category-form-title" className="text-xl font-semibold">
        {editing ? 'Edit Category' : 'Add New Category'}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <div>
          <label htmlFor="category-name" className="label label-required">
            Category Name
          </label>
          <input id="category-name" className="input" {...register('name')} />
        </div>
        <div>
          <label htmlFor="category-parent" className="label">
            Parent Category
          </label>
          <select id="category-parent" className="input" {...register('parentId')}>
            <option value="">None (Main Category)</option>
            {parents.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="category-plan" className="label label-required">
            Required Plan
          </label>
          <select id="category-plan" className="input" {...register('vendorPlan')}>
            {PLANS.map((p) => (
              <option key={p} value={p}>
                {PLAN_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="max-w-xs">
        <label htmlFor="category-hsn" className="label">
          HSN Code
        </label>
        <input
          id="category-hsn"
          className="input"
          inputMode="numeric"
          placeholder="By metal: 711319 gold, 711311 silver"
          aria-describedby="category-hsn-hint"
          aria-invalid={errors.hsnCode ? true : undefined}
          {...register('hsnCode')}
        />
        {errors.hsnCode ? (
          <p className="field-error">{errors.hsnCode.message}</p>
        ) : (
          <p id="category-hsn-hint" className="mt-1 text-xs text-taupe">
            Printed on tax invoices for this category's pieces. Leave blank to use 7113 19 (gold) or 7113 11
            (silver).
          </p>
        )}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Controller
          control={control}
          name="image"
          render={({ field }) => (
            <ImagePicker
              label="Category Image"
              placeholder="Upload category image"
              required
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
            />
          )}
        />
        <Controller
          control={control}
          name="banner"
          render={({ field }) => (
            <ImagePicker
              label="Banner Image"
              placeholder="Upload banner image"
              required
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
            />
          )}
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {editing ? 'Update Category' : 'Add Category'}
        </button>
        {editing && (
          <button
            type="button"
            className="btn-outline"
            onClick={() =>
              void confirmDiscard().then((discard) => {
                if (!discard) return;
                reset(EMPTY);
                onCancel();
              })
            }
          >
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
