import { useFormContext, useWatch } from 'react-hook-form';
import { MAKING_CHARGE_KINDS, PRODUCT_TYPES, toPriceBreakup, type Category, type Metal } from '@zevar/domain';
import { PriceBreakupTable } from '../../../components/PriceBreakupTable';
import { TextAreaField, TextField } from '../../../components/FormFields';
import { formatInr } from '../../../lib/format';
import { previewBreakup, type ProductFormValues } from './product-form-model';
import type { NameCheckState } from './use-name-check';

const TYPE_LABELS: Record<(typeof PRODUCT_TYPES)[number], string> = {
  MRP: 'MRP',
  GOLD: 'Gold',
  SILVER: 'Silver',
};

export function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-sand p-4">
      <legend className="px-2 text-base font-semibold text-gold-800">{title}</legend>
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export function BasicInformationSection({
  idPrefix,
  nameCheck,
  categories,
}: {
  idPrefix: string;
  nameCheck: NameCheckState;
  categories: Category[];
}) {
  const { register, setValue, formState } = useFormContext<ProductFormValues>();
  const parentId = useWatch<ProductFormValues, 'parentCategoryId'>({ name: 'parentCategoryId' });
  const mains = categories.filter((c) => !c.parentCategory);
  const children = categories.filter((c) => c.parentCategory && String(c.parentCategory.id) === parentId);
  const parent = mains.find((c) => String(c.id) === parentId);
  const childOptions = children.length ? children : parent ? [parent] : [];
  const e = formState.errors;
  const hint =
    nameCheck === 'checking' ? (
      'Checking name availability...'
    ) : nameCheck === 'taken' ? (
      <span className="text-red-700">This product name already exists</span>
    ) : undefined;

  const parentField = register('parentCategoryId');
  return (
    <FormSection title="Basic Information">
      <TextField
        id={`${idPrefix}-name`}
        label="Product Name"
        required
        error={e.name?.message}
        hint={hint}
        {...register('name')}
      />
      <TextField id={`${idPrefix}-sku`} label="SKU" required error={e.sku?.message} {...register('sku')} />
      <TextField id={`${idPrefix}-tagline`} label="Tagline" {...register('tagline')} />
      <div>
        <label htmlFor={`${idPrefix}-type`} className="label label-required">
          Product Type
        </label>
        <select id={`${idPrefix}-type`} className="input" {...register('productType')}>
          {PRODUCT_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <TextAreaField
        id={`${idPrefix}-description`}
        label="Description"
        required
        className="md:col-span-2"
        {...register('description')}
      />
      <div>
        <label htmlFor={`${idPrefix}-parent`} className="label label-required">
          Parent Category
        </label>
        <select
          id={`${idPrefix}-parent`}
          className="input"
          {...parentField}
          onChange={(ev) => {
            void parentField.onChange(ev);
            setValue('categoryId', '', { shouldValidate: false });
          }}
        >
          <option value="">Select parent category</option>
          {mains.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-category`} className="label label-required">
          Category
        </label>
        <select
          id={`${idPrefix}-category`}
          className="input"
          disabled={!parentId}
          aria-invalid={e.categoryId ? true : undefined}
          {...register('categoryId')}
        >
          <option value="">{parentId ? 'Select category' : 'Please select parent category first'}</option>
          {childOptions.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
        {e.categoryId && <p className="field-error">{e.categoryId.message}</p>}
      </div>
    </FormSection>
  );
}

const MAKING_KIND_LABELS: Record<(typeof MAKING_CHARGE_KINDS)[number], string> = {
  PER_GRAM: 'Per gram (₹/g)',
  PERCENT: 'Percent of metal value (%)',
  FLAT: 'Flat (₹)',
};

/** Metal-priced fields: purity, making, stones, hallmark, and the breakup previewed as the admin types. */
function JewelleryPricingFields({
  idPrefix,
  metal,
  gstBasisPoints,
  stockReadOnly,
}: {
  idPrefix: string;
  metal: Metal | undefined;
  gstBasisPoints: number;
  stockReadOnly: boolean;
}) {
  const { register, formState } = useFormContext<ProductFormValues>();
  const values = useWatch<ProductFormValues>() as ProductFormValues;
  const e = formState.errors;
  const breakup = previewBreakup(values, metal, gstBasisPoints);
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-purity`} className="label label-required">
          Purity
        </label>
        <select
          id={`${idPrefix}-purity`}
          className="input"
          aria-invalid={e.purityId ? true : undefined}
          {...register('purityId')}
        >
          <option value="">{metal ? 'Select purity' : 'Select a metal first'}</option>
          {metal?.purities.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.name} ({formatInr(p.price)}/g)
            </option>
          ))}
        </select>
        {e.purityId && <p className="field-error">{e.purityId.message}</p>}
      </div>
      <div>
        <label htmlFor={`${idPrefix}-making-kind`} className="label">
          Making charge
        </label>
        <select id={`${idPrefix}-making-kind`} className="input" {...register('makingKind')}>
          <option value="">No making charge</option>
          {MAKING_CHARGE_KINDS.map((k) => (
            <option key={k} value={k}>
              {MAKING_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id={`${idPrefix}-making-value`}
        label="Making charge value"
        type="number"
        min={0}
        step={0.01}
        disabled={!values.makingKind}
        error={e.makingValue?.message}
        {...register('makingValue')}
      />
      <TextField
        id={`${idPrefix}-stones-value`}
        label="Stone charges (₹)"
        type="number"
        min={0}
        step={0.01}
        error={e.stonesValue?.message}
        {...register('stonesValue')}
      />
      <TextField
        id={`${idPrefix}-stones-description`}
        label="Stones"
        placeholder="0.30 ct VS diamond"
        error={e.stonesDescription?.message}
        {...register('stonesDescription')}
      />
      <div className="flex flex-col gap-2">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register('hallmarked')} /> BIS hallmarked (one HUID per piece)
        </label>
        {values.hallmarked && (
          <TextAreaField
            id={`${idPrefix}-huids`}
            label="HUIDs of the pieces in stock"
            hint={
              stockReadOnly
                ? 'Correct a HUID here; pieces come in or go out with the Stock button'
                : undefined
            }
            rows={2}
            placeholder="AB12C3 ZX98Y7"
            error={e.huids?.message}
            {...register('huids')}
          />
        )}
      </div>
      <div className="md:col-span-2" aria-live="polite" data-testid="computed-price">
        {breakup ? (
          <PriceBreakupTable breakup={toPriceBreakup(breakup)} title="Price Breakup (preview)" />
        ) : (
          <p className="input bg-cream">Select a metal and its purity</p>
        )}
        <p className="mt-1 text-xs text-taupe">
          (Purity rate × net weight + making + stones) + GST; the price follows the purity’s rate.
        </p>
      </div>
    </>
  );
}

export function PricingSection({
  idPrefix,
  metals,
  gstBasisPoints,
  stockReadOnly = false,
}: {
  idPrefix: string;
  metals: Metal[];
  gstBasisPoints: number;
  /** Editing: stock is shown, not written; it changes by a stock adjustment or by sales. */
  stockReadOnly?: boolean;
}) {
  const { register, formState } = useFormContext<ProductFormValues>();
  const [type, metalId] = useWatch<ProductFormValues, ['productType', 'metalId']>({
    name: ['productType', 'metalId'],
  });
  const e = formState.errors;
  const metal = metals.find((m) => String(m.id) === metalId);
  const metalPriced = type !== 'MRP';
  return (
    <FormSection title="Pricing & Stock">
      <div>
        <label htmlFor={`${idPrefix}-metal`} className="label label-required">
          Metal
        </label>
        <select
          id={`${idPrefix}-metal`}
          className="input"
          aria-invalid={e.metalId ? true : undefined}
          {...register('metalId')}
        >
          <option value="">Select metal</option>
          {metals.map((m) => (
            <option key={m.id} value={String(m.id)}>
              {m.name} ({formatInr(m.price)}/g)
            </option>
          ))}
        </select>
        {e.metalId && <p className="field-error">{e.metalId.message}</p>}
      </div>
      <TextField
        id={`${idPrefix}-weight`}
        label="Net Metal Weight (grams)"
        type="number"
        min={0}
        step={0.001}
        required={metalPriced}
        error={e.metalWeight?.message}
        {...register('metalWeight')}
      />
      {metalPriced ? (
        <JewelleryPricingFields
          idPrefix={idPrefix}
          metal={metal}
          gstBasisPoints={gstBasisPoints}
          stockReadOnly={stockReadOnly}
        />
      ) : (
        <TextField
          id={`${idPrefix}-price`}
          label="Price (₹)"
          type="number"
          min={0}
          step={0.01}
          required
          error={e.price?.message}
          {...register('price')}
        />
      )}
      <TextField
        id={`${idPrefix}-original`}
        label="Original Price (₹)"
        type="number"
        min={0}
        step={0.01}
        error={e.originalPrice?.message}
        {...register('originalPrice')}
      />
      <TextField
        id={`${idPrefix}-stock`}
        label="Stock"
        type="number"
        min={0}
        step={1}
        required={!stockReadOnly}
        readOnly={stockReadOnly}
        hint={stockReadOnly ? "Change stock with the list's Stock button (a reason is kept)" : undefined}
        error={e.stock?.message}
        {...register('stock')}
      />
      <TextField
        id={`${idPrefix}-commission`}
        label="Vendor Commission (₹)"
        type="number"
        min={0}
        step={0.01}
        required
        error={e.vendorCommission?.message}
        {...register('vendorCommission')}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('sale')} /> On sale
      </label>
    </FormSection>
  );
}

export function SpecificationsSection({ idPrefix }: { idPrefix: string }) {
  const { register } = useFormContext<ProductFormValues>();
  return (
    <FormSection title="Specifications">
      <TextField
        id={`${idPrefix}-spec-weight`}
        label="Total Weight (grams)"
        required
        {...register('specifications.totalWeight')}
      />
      <TextField
        id={`${idPrefix}-spec-dimensions`}
        label="Dimensions"
        {...register('specifications.dimensions')}
      />
      <TextField
        id={`${idPrefix}-spec-purity`}
        label="Purity"
        placeholder="e.g. 22K"
        {...register('specifications.purity')}
      />
    </FormSection>
  );
}
