import { useId } from 'react';
import type { CatalogueProduct as Product } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { ProductForm, type ProductFormProps } from './ProductForm';

/** Full edit popup; the Modal locks page scrolling while it is open. */
export function ProductEditDialog({
  product,
  busy,
  onSave,
  onCancel,
}: Required<Pick<ProductFormProps, 'onSave' | 'onCancel'>> & { product: Product; busy: boolean }) {
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onDismiss={onCancel} className="max-w-5xl!">
      <h2 id={titleId} className="mb-4 text-xl font-semibold">
        Edit Product
      </h2>
      <ProductForm product={product} busy={busy} onSave={onSave} onCancel={onCancel} />
    </Modal>
  );
}
