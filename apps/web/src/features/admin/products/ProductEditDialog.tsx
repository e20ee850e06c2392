import { useId, useState } from 'react';
import type { CatalogueProduct as Product } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { AuditHistory } from '../../../components/audit/AuditHistory';
import { ProductForm, type ProductFormProps } from './ProductForm';

/** Full edit popup; the Modal locks page scrolling while it is open. Closing it with changes asks first. */
export function ProductEditDialog({
  product,
  notice,
  busy,
  onSave,
  onCancel,
}: Required<Pick<ProductFormProps, 'onSave' | 'onCancel'>> & {
  product: Product;
  /** Shown above the form: a save refused because someone else changed the product (newer values loaded). */
  notice?: string | null;
  busy: boolean;
}) {
  const titleId = useId();
  const [dirty, setDirty] = useState(false);
  const { confirmDiscard } = useUnsavedChangesGuard(dirty);
  // Cancel, Escape and a click on the backdrop all go through the same question.
  const dismiss = () => void confirmDiscard().then((discard) => discard && onCancel());
  return (
    <Modal labelledBy={titleId} onDismiss={dismiss} className="max-w-5xl!">
      <h2 id={titleId} className="mb-4 text-xl font-semibold">
        Edit Product
      </h2>
      {notice && (
        <p
          role="alert"
          className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {notice}
        </p>
      )}
      <ProductForm
        product={product}
        busy={busy}
        onSave={onSave}
        onCancel={dismiss}
        onDirtyChange={setDirty}
      />
      <div className="mt-6 border-t border-sand pt-4">
        <AuditHistory entityType="product" entityId={product.id} />
      </div>
    </Modal>
  );
}
