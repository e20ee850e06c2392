import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PLAN_LABELS, STALE_EDIT_MESSAGE, categorySchema, type Category } from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { Spinner } from '../../../components/Spinner';
import { catalogueKeys, categoriesApi, type CategoryBody } from '../../../lib/catalogue-api';
import { isApiError } from '../../../lib/api';
import { failure } from '../../../lib/error-text';
import { FILL_REQUIRED, TITLE } from '../../../lib/admin-messages';
import { useKeptOnSessionEnd } from '../../../lib/session-restore';
import { CategoryForm } from './CategoryForm';
import { useLoadFailureDialog } from '../../../components/dialog/use-load-failure-dialog';

const M = {
  loadFailed: 'Failed to load categories',
  addFailed: 'Failed to add category',
  updateFailed: 'Failed to update category',
  deleteFailed: 'Failed to delete category',
  added: 'Category added successfully',
  updated: 'Category updated successfully',
  deleted: 'Category deleted successfully',
  confirmDelete: 'Are you sure you want to delete this category?',
} as const;

/** The newer category a 409 'changed by someone else' answer carries, if this is one. */
function newerCategory(err: unknown): Category | null {
  if (!isApiError(err) || err.status !== 409 || err.message !== STALE_EDIT_MESSAGE) return null;
  const parsed = categorySchema.safeParse(err.body.current);
  return parsed.success ? parsed.data : null;
}

/** Category manager: one add/edit form and the Categories grid. */
export default function CategoriesSection() {
  const dialog = useDialog();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: catalogueKeys.categories, queryFn: categoriesApi.list });
  useLoadFailureDialog(list.isError, M.loadFailed);
  const [editing, setEditing] = useState<Category | null>(null);
  /** A save refused because someone else changed the category (the newer values are loaded). */
  const [notice, setNotice] = useState<string | null>(null);
  // An expired session keeps which category was being edited (its form keeps the draft).
  useKeptOnSessionEnd('categories.editing', editing ?? undefined, setEditing);
  const refresh = () => qc.invalidateQueries({ queryKey: catalogueKeys.categories });

  const save = useMutation({
    mutationFn: (body: CategoryBody) =>
      editing ? categoriesApi.update(editing.id, body, editing.version) : categoriesApi.create(body),
  });
  const remove = useMutation({ mutationFn: categoriesApi.remove });

  const onSubmit = async (body: CategoryBody) => {
    const wasEditing = editing !== null;
    try {
      await save.mutateAsync(body);
    } catch (err) {
      const newer = newerCategory(err);
      if (newer) {
        setNotice(STALE_EDIT_MESSAGE);
        setEditing(newer);
        await refresh();
        return false;
      }
      await dialog.error(TITLE.error, failure(wasEditing ? M.updateFailed : M.addFailed, err));
      return false;
    }
    setNotice(null);
    setEditing(null);
    await refresh();
    await dialog.success(TITLE.success, wasEditing ? M.updated : M.added);
    return true;
  };

  const onDelete = async (c: Category) => {
    if (!(await dialog.confirm('Confirm Delete', M.confirmDelete))) return;
    try {
      await remove.mutateAsync(c.id);
    } catch (err) {
      return void dialog.error(TITLE.error, failure(M.deleteFailed, err));
    }
    if (editing?.id === c.id) setEditing(null);
    await refresh();
    await dialog.success(TITLE.success, M.deleted);
  };

  const mains = (list.data ?? []).filter((c) => !c.parentCategory);
  return (
    <div className="space-y-8">
      {notice && editing && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {notice}
        </p>
      )}
      <CategoryForm
        editing={editing}
        mainCategories={mains}
        busy={save.isPending}
        onSubmit={onSubmit}
        onInvalid={() => void dialog.error(TITLE.validation, FILL_REQUIRED)}
        onCancel={() => {
          setNotice(null);
          setEditing(null);
        }}
      />
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="mb-4 text-xl font-semibold">
          Categories
        </h2>
        {list.isPending && <Spinner label="Loading categories..." />}
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.data?.map((c) => (
            <li key={c.id} className="card overflow-hidden" aria-label={c.name}>
              <ImageWithFallback src={c.image} alt={c.name} className="h-36 w-full object-cover" />
              <div className="p-4">
                {c.parentCategory && (
                  <p className="text-xs tracking-wide text-taupe uppercase">{c.parentCategory.name}</p>
                )}
                <h3 className="text-lg font-semibold">{c.name}</h3>
                <p className="text-sm text-taupe">
                  Plan: {PLAN_LABELS[c.vendorPlan]} · ID: {c.id}
                </p>
                <div className="mt-3 flex gap-2">
                  <button
                    type="button"
                    className="btn-outline"
                    onClick={() => {
                      setNotice(null);
                      setEditing(c);
                      window.scrollTo({ top: 0, behavior: 'smooth' });
                    }}
                  >
                    Edit
                  </button>
                  <button type="button" className="btn-danger" onClick={() => void onDelete(c)}>
                    Delete
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
