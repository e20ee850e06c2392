import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { PLANS, PLAN_LABELS } from '@zevar/domain';
import { TextField } from '../../../components/FormFields';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { useDialog } from '../../../components/dialog/dialog-context';
import { useImageUpload } from '../../../components/upload/upload-context';
import { TITLE, UPLOAD_FAILED } from '../../../lib/admin-messages';
import { failure } from '../../../lib/error-text';
import { FormSection } from './BasicAndPricingSections';
import type { ProductFormValues } from './product-form-model';

export function FeaturesSection({ idPrefix }: { idPrefix: string }) {
  const { setValue } = useFormContext<ProductFormValues>();
  const features = useWatch<ProductFormValues, 'features'>({ name: 'features' });
  const [text, setText] = useState('');
  const add = () => {
    const value = text.trim();
    if (value) setValue('features', [...features, value]);
    setText('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <FormSection title="Features">
      <div className="flex gap-2 md:col-span-2">
        <label htmlFor={`${idPrefix}-feature`} className="sr-only">
          Feature
        </label>
        <input
          id={`${idPrefix}-feature`}
          className="input"
          placeholder="Add a feature and press Enter"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
        />
        <button type="button" className="btn-outline" onClick={add}>
          Add
        </button>
      </div>
      <ul className="flex flex-wrap gap-2 md:col-span-2">
        {features.map((f, i) => (
          <li key={`${f}-${i}`} className="flex items-center gap-1 rounded-full bg-gold-50 px-3 py-1 text-sm">
            {f}
            <button
              type="button"
              aria-label={`Remove ${f}`}
              className="text-taupe hover:text-red-700"
              onClick={() =>
                setValue(
                  'features',
                  features.filter((_, j) => j !== i),
                )
              }
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </FormSection>
  );
}

export function VariantSection({ idPrefix }: { idPrefix: string }) {
  const { register } = useFormContext<ProductFormValues>();
  const isVariant = useWatch<ProductFormValues, 'isVariant'>({ name: 'isVariant' });
  return (
    <FormSection title="Variant Information">
      <label className="flex items-center gap-2 text-sm md:col-span-2">
        <input type="checkbox" {...register('isVariant')} /> This product is a variant
      </label>
      {isVariant && (
        <>
          <TextField
            id={`${idPrefix}-vgroup`}
            label="Variant Group ID"
            hint="Products with the same group ID are shown as variants of each other."
            {...register('variantGroupId')}
          />
          <TextField
            id={`${idPrefix}-vtype`}
            label="Variant Type"
            placeholder="e.g. Size"
            {...register('variantType')}
          />
          <TextField
            id={`${idPrefix}-vvalue`}
            label="Variant Value"
            placeholder="e.g. 7"
            {...register('variantValue')}
          />
        </>
      )}
    </FormSection>
  );
}

export function AdditionalSection({ idPrefix }: { idPrefix: string }) {
  const { register, setValue } = useFormContext<ProductFormValues>();
  const images = useWatch<ProductFormValues, 'images'>({ name: 'images' });
  const uploader = useImageUpload();
  const dialog = useDialog();

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    const added: string[] = [];
    for (const file of files) {
      try {
        added.push(await uploader.upload(file));
      } catch (err) {
        await dialog.error(TITLE.error, failure(UPLOAD_FAILED, err));
        break;
      }
    }
    if (added.length) setValue('images', [...images, ...added]);
  };

  return (
    <FormSection title="Additional Details">
      <div>
        <label htmlFor={`${idPrefix}-plan`} className="label label-required">
          Vendor Plan
        </label>
        <select id={`${idPrefix}-plan`} className="input" {...register('vendorPlan')}>
          {PLANS.map((p) => (
            <option key={p} value={p}>
              {PLAN_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id={`${idPrefix}-launch`}
        label="Launch Date"
        type="datetime-local"
        required
        {...register('launchDate')}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('trending')} /> Trending
      </label>
      <div className="md:col-span-2">
        <label htmlFor={`${idPrefix}-images`} className="label label-required">
          Images
        </label>
        <input
          id={`${idPrefix}-images`}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          className="input"
          onChange={(event) => void onFiles(event)}
        />
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Product images">
          {images.map((name, i) => (
            <li key={name} className="relative">
              <ImageWithFallback
                src={name}
                alt={`Product image ${i + 1}`}
                className="size-20 rounded-md object-cover"
              />
              <button
                type="button"
                aria-label={`Remove image ${i + 1}`}
                className="absolute -top-2 -right-2 size-6 rounded-full bg-ink text-xs text-ivory"
                onClick={() =>
                  setValue(
                    'images',
                    images.filter((n) => n !== name),
                  )
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      </div>
    </FormSection>
  );
}
