import { useEffect, useRef } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_GST_BASIS_POINTS, type CatalogueProduct as Product } from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { catalogueKeys, categoriesApi, metalsApi } from '../../../lib/catalogue-api';
import { FILL_REQUIRED, TITLE } from '../../../lib/admin-messages';
import { BasicInformationSection, PricingSection, SpecificationsSection } from './BasicAndPricingSections';
import { AdditionalSection, FeaturesSection, VariantSection } from './MoreSections';
import { StonesSection } from './StonesSection';
import {
  EMPTY_PRODUCT,
  fromProduct,
  productFormSchema,
  toProductBody,
  type ProductFormValues,
} from './product-form-model';
import { useNameCheck } from './use-name-check';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { useSessionDraft } from '../../../lib/session-restore';
import { useResetWhenChanged } from '../../../lib/use-reset-when-changed';

export const NAME_TAKEN = 'Product name already exists';

/** Fields whose error is not 'required': the dialog names them, so the admin knows where to look. */
const FIELD_LABELS: Partial<Record<keyof ProductFormValues, string>> = {
  huids: 'HUIDs of the pieces in stock',
  metalWeight: 'Metal Weight',
  makingValue: 'Making charge',
  stock: 'Stock',
  originalPrice: 'Original Price',
  vendorCommission: 'Vendor Commission',
  purityId: 'Purity',
  stoneOrigin: 'Natural or lab-grown',
  certReport: 'Report number',
  certCarat: 'Carat',
  certLabName: 'Laboratory name',
};

/** The spec's 'fill all required fields' when only required fields are empty; else the field and its error. */
export function invalidMessage(errors: FieldErrors<ProductFormValues>): string {
  for (const [field, label] of Object.entries(FIELD_LABELS)) {
    const message = errors[field as keyof ProductFormValues]?.message;
    if (typeof message === 'string' && message !== 'This field is required') return `${label}: ${message}`;
  }
  return FILL_REQUIRED;
}

export interface ProductFormProps {
  /** Edit mode when set. */
  product?: Product;
  busy: boolean;
  /** Resolves true when saved (the form then resets). A new product says whether it starts as a draft. */
  onSave: (body: ReturnType<typeof toProductBody> & { status?: 'draft' | 'active' }) => Promise<boolean>;
  onCancel?: () => void;
  /** Told whether the form holds unsaved changes (the edit popup asks before closing then). */
  onDirtyChange?: (dirty: boolean) => void;
}

/** The product form with its six sections; used at the top of the section (add) and in the edit popup. */
export function ProductForm({ product, busy, onSave, onCancel, onDirtyChange }: ProductFormProps) {
  const dialog = useDialog();
  const idPrefix = product ? `edit-product-${product.id}` : 'product';
  const categories = useQuery({ queryKey: catalogueKeys.categories, queryFn: categoriesApi.list });
  const metals = useQuery({ queryKey: catalogueKeys.metals, queryFn: metalsApi.list });
  const prices = useQuery({ queryKey: catalogueKeys.metalPrices, queryFn: metalsApi.prices });
  const methods = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? fromProduct(product) : EMPTY_PRODUCT,
  });
  const { handleSubmit, reset } = methods;
  const dirty = methods.formState.isDirty;
  useUnsavedChangesGuard(dirty);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useResetWhenChanged(product, () => reset(product ? fromProduct(product) : EMPTY_PRODUCT));
  // Unsaved edits survive an expired session (after the reset above, so a kept draft wins).
  useSessionDraft(product ? `product-edit:${product.id}` : 'product-add', methods);

  const name = useWatch({ control: methods.control, name: 'name' });
  const nameCheck = useNameCheck(name, product?.name ?? null);

  // Which add button submitted: 'Save as Draft' keeps the new product out of every shop.
  const asDraft = useRef(false);
  const submit = handleSubmit(
    async (values) => {
      if (nameCheck === 'taken') return void dialog.error(TITLE.error, NAME_TAKEN);
      const body = toProductBody(values);
      const saved = await onSave(product ? body : { ...body, status: asDraft.current ? 'draft' : 'active' });
      asDraft.current = false;
      if (saved) reset(EMPTY_PRODUCT);
    },
    (errors) => void dialog.error(TITLE.validation, invalidMessage(errors)),
  );

  return (
    <FormProvider {...methods}>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="space-y-4"
        aria-label={product ? 'Edit product' : 'Add product'}
      >
        <BasicInformationSection
          idPrefix={idPrefix}
          nameCheck={nameCheck}
          categories={categories.data ?? []}
        />
        <PricingSection
          idPrefix={idPrefix}
          metals={metals.data ?? []}
          stockReadOnly={Boolean(product)}
          gstBasisPoints={Math.round((prices.data?.gstRatePercent ?? DEFAULT_GST_BASIS_POINTS / 100) * 100)}
        />
        <StonesSection idPrefix={idPrefix} />
        <SpecificationsSection idPrefix={idPrefix} />
        <FeaturesSection idPrefix={idPrefix} />
        <VariantSection idPrefix={idPrefix} />
        <AdditionalSection idPrefix={idPrefix} />
        <div className="flex justify-end gap-2">
          {onCancel && (
            <button type="button" className="btn-outline" onClick={onCancel}>
              Cancel
            </button>
          )}
          {!product && (
            <button
              type="submit"
              className="btn-outline"
              disabled={busy || nameCheck === 'taken'}
              onClick={() => (asDraft.current = true)}
            >
              Save as Draft
            </button>
          )}
          <button
            type="submit"
            className="btn-primary"
            disabled={busy || nameCheck === 'taken'}
            onClick={() => (asDraft.current = false)}
          >
            {product ? 'Update Product' : 'Add Product'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
