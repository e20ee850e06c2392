import { useId, useState } from 'react';
import type { CatalogueProduct as Product } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { ProductForm, type ProductFormProps } from './ProductForm';

/** Full edit popup; the Modal locks page scrolling while it is open. Closing it with changes asks first. */
export function ProductEditDialog({
  product,
  busy,
  onSave,
  onCancel,
}: Required<Pick<ProductFormProps, 'onSave' | 'onCancel'>> & { product: Product; busy: boolean }) {
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
      <ProductForm
        product={product}
        busy={busy}
        onSave={onSave}
        onCancel={dismiss}
        onDirtyChange={setDirty}
      />
    </Modal>
  );
}
