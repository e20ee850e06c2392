import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PLANS, PLAN_LABELS, type Category, type Plan } from '@zevar/domain';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { ImagePicker } from '../../../components/ImagePicker';
import type { CategoryBody } from '../../../lib/catalogue-api';

const formSchema = z.object({
  name: z.string().trim().min(1),
  parentId: z.string(),
  vendorPlan: z.enum(PLANS),
  image: z.string().min(1),
  banner: z.string().min(1),
});
type FormValues = z.infer<typeof formSchema>;

const EMPTY: FormValues = { name: '', parentId: '', vendorPlan: 'FREE', image: '', banner: '' };

function fromCategory(c: Category | null): FormValues {
  if (!c) return EMPTY;
  return {
    name: c.name,
    parentId: c.parentCategory ? String(c.parentCategory.id) : '',
    vendorPlan: c.vendorPlan,
    image: c.image ?? '',
    banner: c.banner ?? '',
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
  const { register, control, handleSubmit, reset, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: fromCategory(editing),
  });
  useEffect(() => reset(fromCategory(editing)), [editing, reset]);
  const { confirmDiscard } = useUnsavedChangesGuard(formState.isDirty);

  const submit = handleSubmit(async (v) => {
    const ok = await onSubmit({
      name: v.name,
      parentCategory: v.parentId ? { id: Number(v.parentId) } : null,
      vendorPlan: v.vendorPlan as Plan,
      image: v.image,
      banner: v.banner,
    });
    if (ok) reset(EMPTY);
  }, onInvalid);

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
