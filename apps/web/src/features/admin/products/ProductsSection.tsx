import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueProduct as Product } from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { isApiError } from '../../../lib/api';
import { catalogueKeys, productsApi } from '../../../lib/catalogue-api';
import { failure } from '../../../lib/error-text';
import { TITLE } from '../../../lib/admin-messages';
import { ProductEditDialog } from './ProductEditDialog';
import { NAME_TAKEN, ProductForm } from './ProductForm';
import { ProductList } from './ProductList';
import type { toProductBody } from './product-form-model';

type Body = ReturnType<typeof toProductBody>;
const M = {
  addFailed: 'Failed to add product',
  updateFailed: 'Failed to update product: ',
  deleteFailed: 'Failed to delete product',
  added: 'Product added successfully',
  updated: 'Product updated successfully',
  deleted: 'Product deleted successfully',
  confirmDelete: 'Are you sure you want to delete this product?',
} as const;

const isNameTaken = (err: unknown) => isApiError(err) && err.status === 409 && err.message === NAME_TAKEN;

/** Product manager: add form on top, the searchable list below, edit in a popup. */
export default function ProductsSection() {
  const dialog = useDialog();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Product | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: catalogueKeys.products });
  const create = useMutation({ mutationFn: (b: Body) => productsApi.create(b) });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Body }) => productsApi.update(id, body),
  });
  const remove = useMutation({ mutationFn: productsApi.remove });

  const onCreate = async (body: Body) => {
    try {
      await create.mutateAsync(body);
    } catch (err) {
      await dialog.error(TITLE.error, isNameTaken(err) ? NAME_TAKEN : failure(M.addFailed, err));
      return false;
    }
    await refresh();
    await dialog.success(TITLE.success, M.added);
    return true;
  };

  const onUpdate = async (body: Body) => {
    if (!editing) return false;
    try {
      await update.mutateAsync({ id: editing.id, body });
    } catch (err) {
      await dialog.error(
        TITLE.error,
        M.updateFailed + (err instanceof Error && err.message ? err.message : 'Unknown error'),
      );
      return false;
    }
    setEditing(null);
    await refresh();
    await dialog.success(TITLE.success, M.updated);
    return true;
  };

  const onDelete = async (p: Product) => {
    if (!(await dialog.confirm('Confirm Delete', M.confirmDelete))) return;
    try {
      await remove.mutateAsync(p.id);
    } catch (err) {
      return void dialog.error(TITLE.error, failure(M.deleteFailed, err));
    }
    await refresh();
    await dialog.success(TITLE.success, M.deleted);
  };

  return (
    <div className="space-y-10">
      <section aria-labelledby="add-product-title" className="card p-5">
        <h2 id="add-product-title" className="mb-4 text-xl font-semibold">
          Add New Product
        </h2>
        <ProductForm busy={create.isPending} onSave={onCreate} />
      </section>
      <ProductList onEdit={setEditing} onDelete={(p) => void onDelete(p)} />
      {editing && (
        <ProductEditDialog
          product={editing}
          busy={update.isPending}
          onSave={onUpdate}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
