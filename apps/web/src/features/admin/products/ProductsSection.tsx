import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  catalogueProductSchema,
  STALE_EDIT_MESSAGE,
  type CatalogueProduct as Product,
  type ProductReferences,
} from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { isApiError } from '../../../lib/api';
import { catalogueKeys, productsApi } from '../../../lib/catalogue-api';
import { failure } from '../../../lib/error-text';
import { TITLE } from '../../../lib/admin-messages';
import { useKeptOnSessionEnd } from '../../../lib/session-restore';
import { ProductEditDialog } from './ProductEditDialog';
import { NAME_TAKEN, ProductForm } from './ProductForm';
import { ProductList } from './ProductList';
import { StockDialog } from './StockDialog';
import { ImportDialog } from './ImportDialog';
import { DownloadButton } from '../../../components/DownloadButton';
import { downloadFile } from '../../../lib/download-file';
import type { toProductBody } from './product-form-model';

type Body = ReturnType<typeof toProductBody> & { status?: 'draft' | 'active' };
const M = {
  addFailed: 'Failed to add product',
  updateFailed: 'Failed to update product: ',
  loadFailed: 'Failed to load the product',
  archiveFailed: 'Failed to archive product',
  restoreFailed: 'Failed to restore product',
  added: 'Product added successfully',
  updated: 'Product updated successfully',
  archived: 'Product archived: it is hidden from every shop and kept for its orders and invoices',
  restored: 'Product restored: shops show it again',
  published: 'Product published: shops on its plan show it now',
  draftAdded: 'Product saved as a draft: no shop shows it until it is published',
} as const;

const isNameTaken = (err: unknown) => isApiError(err) && err.status === 409 && err.message === NAME_TAKEN;

/** The newer product a 409 'changed by someone else' answer carries, if this is one. */
export function newerVersion(err: unknown): Product | null {
  if (!isApiError(err) || err.status !== 409 || err.message !== STALE_EDIT_MESSAGE) return null;
  const parsed = catalogueProductSchema.safeParse(err.body.current);
  return parsed.success ? parsed.data : null;
}

/** Every product with every field of the form, as the import reads it back. */
const exportProducts = (format: 'csv' | 'xlsx') =>
  downloadFile('/products/export', `products-${new Date().toISOString().slice(0, 10)}.${format}`, {
    query: { format },
  });

/** What archiving leaves behind, named before the admin confirms. */
export function archiveQuestion(p: Product, refs: ProductReferences): string {
  const parts = [`Archive "${p.name}"? It is hidden from every shop and can no longer be bought.`];
  if (refs.orderLines > 0) parts.push(`Its ${refs.orderLines} order line(s) and their invoices keep it.`);
  if (refs.piecesInStock > 0) parts.push(`${refs.piecesInStock} piece(s) in stock keep their HUIDs.`);
  if (refs.variants.length > 0)
    parts.push(`Its variants stay on sale: ${refs.variants.map((v) => `${v.name} (#${v.id})`).join(', ')}.`);
  parts.push('You can restore it later.');
  return parts.join(' ');
}

/** Product manager: the list with its filters and bulk actions; the add form opens on demand, edit in a popup. */
export default function ProductsSection() {
  const dialog = useDialog();
  const qc = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Product | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [stockOf, setStockOf] = useState<Product | null>(null);
  const [importing, setImporting] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: catalogueKeys.products });
  // An expired session reopens the edit popup after sign-in (its form takes back the draft).
  useKeptOnSessionEnd('products.editing', editing?.id, (id: number) => void onEdit({ id }));
  const create = useMutation({ mutationFn: (b: Body) => productsApi.create(b) });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: object }) => productsApi.update(id, body),
  });

  const onCreate = async (body: Body) => {
    try {
      await create.mutateAsync(body);
    } catch (err) {
      await dialog.error(TITLE.error, isNameTaken(err) ? NAME_TAKEN : failure(M.addFailed, err));
      return false;
    }
    setAdding(false);
    await refresh();
    await dialog.success(TITLE.success, body.status === 'draft' ? M.draftAdded : M.added);
    return true;
  };

  // The list row has no HUIDs: the form edits the full, current record.
  const onEdit = async (p: Pick<Product, 'id'>) => {
    try {
      setNotice(null);
      setEditing(await productsApi.get(p.id));
    } catch (err) {
      await dialog.error(TITLE.error, failure(M.loadFailed, err));
    }
  };

  const onUpdate = async (body: Body) => {
    if (!editing) return false;
    // Stock is not part of an edit (it changes by adjustments and sales); the version is.
    const { stock: _stock, ...rest } = body;
    try {
      await update.mutateAsync({ id: editing.id, body: { ...rest, version: editing.version } });
    } catch (err) {
      const newer = newerVersion(err);
      if (newer) {
        setNotice(STALE_EDIT_MESSAGE);
        setEditing(newer);
        await refresh();
        return false;
      }
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

  const onArchive = async (p: Product) => {
    try {
      const refs = await productsApi.references(p.id);
      if (!(await dialog.confirm('Archive Product', archiveQuestion(p, refs), { confirmLabel: 'Archive' })))
        return;
      await productsApi.archive(p.id);
    } catch (err) {
      return void dialog.error(TITLE.error, failure(M.archiveFailed, err));
    }
    await refresh();
    await dialog.success(TITLE.success, M.archived);
  };

  const onRestore = async (p: Product) => {
    try {
      await productsApi.restore(p.id);
    } catch (err) {
      return void dialog.error(TITLE.error, failure(M.restoreFailed, err));
    }
    await refresh();
    await dialog.success(TITLE.success, p.status === 'draft' ? M.published : M.restored);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="products-title" className="text-xl font-semibold">
          Products
        </h2>
        <div className="flex flex-wrap items-start gap-2">
          <DownloadButton download={() => exportProducts('csv')}>Export CSV</DownloadButton>
          <DownloadButton download={() => exportProducts('xlsx')}>Export Excel</DownloadButton>
          <button type="button" className="btn-outline" onClick={() => setImporting(true)}>
            Import
          </button>
          {!adding && (
            <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
              Add New Product
            </button>
          )}
        </div>
      </div>
      {adding && (
        <section aria-labelledby="add-product-title" className="card p-5">
          <h2 id="add-product-title" className="mb-4 text-xl font-semibold">
            Add New Product
          </h2>
          <ProductForm busy={create.isPending} onSave={onCreate} onCancel={() => setAdding(false)} />
        </section>
      )}
      <ProductList
        onChanged={refresh}
        onEdit={(p) => void onEdit(p)}
        onArchive={(p) => void onArchive(p)}
        onRestore={(p) => void onRestore(p)}
        onStock={setStockOf}
      />
      {editing && (
        <ProductEditDialog
          product={editing}
          notice={notice}
          busy={update.isPending}
          onSave={onUpdate}
          onCancel={() => setEditing(null)}
        />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} onApplied={() => void refresh()} />}
      {stockOf && (
        <StockDialog product={stockOf} onClose={() => setStockOf(null)} onAdjusted={() => void refresh()} />
      )}
    </div>
  );
}
