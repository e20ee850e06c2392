import type { ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  CERTIFICATE_LABS,
  LAB_TABLE,
  STONE_ORIGIN_LABEL,
  STONE_ORIGINS,
  isCertificatePdf,
} from '@zevar/domain';
import { TextField } from '../../../components/FormFields';
import { useDialog } from '../../../components/dialog/dialog-context';
import { useImageUpload } from '../../../components/upload/upload-context';
import { TITLE, UPLOAD_FAILED } from '../../../lib/admin-messages';
import { failure } from '../../../lib/error-text';
import { CERTIFICATE_UPLOAD_PATH } from '../../../lib/upload';
import { FormSection } from './BasicAndPricingSections';
import type { ProductFormValues } from './product-form-model';

type Field = keyof ProductFormValues;

function Choice({
  id,
  label,
  field,
  options,
  required,
}: {
  id: string;
  label: string;
  field: Field;
  options: ReadonlyArray<readonly [string, string]>;
  required?: boolean;
}) {
  const { register, formState } = useFormContext<ProductFormValues>();
  const message = formState.errors[field]?.message;
  const error = typeof message === 'string' ? message : undefined;
  return (
    <div>
      <label htmlFor={id} className={`label ${required ? 'label-required' : ''}`}>
        {label}
      </label>
      <select
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register(field)}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Diamonds and gemstones (issue 26 item 6): natural or lab-grown (required for diamonds, checked by
 * the same domain schema as the server) and the grading certificate, its scan uploaded like images.
 */
export function StonesSection({ idPrefix }: { idPrefix: string }) {
  const { register, setValue, formState } = useFormContext<ProductFormValues>();
  const [kind, lab, file] = useWatch<ProductFormValues, ['stoneKind', 'certLab', 'certFile']>({
    name: ['stoneKind', 'certLab', 'certFile'],
  });
  const uploader = useImageUpload();
  const dialog = useDialog();
  const e = formState.errors;
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    try {
      setValue('certFile', await uploader.upload(chosen, CERTIFICATE_UPLOAD_PATH), { shouldDirty: true });
    } catch (err) {
      await dialog.error(TITLE.error, failure(UPLOAD_FAILED, err));
    }
  };
  return (
    <FormSection title="Stones and Certificate">
      <Choice
        id={`${idPrefix}-stone-kind`}
        label="Diamonds or gemstones"
        field="stoneKind"
        options={[
          ['', 'No diamonds or gemstones'],
          ['DIAMOND', 'Diamonds'],
          ['GEMSTONE', 'Gemstones'],
        ]}
      />
      {kind && (
        <Choice
          id={`${idPrefix}-stone-origin`}
          label="Natural or lab-grown"
          field="stoneOrigin"
          required={kind === 'DIAMOND'}
          options={[['', 'Select'], ...STONE_ORIGINS.map((o) => [o, STONE_ORIGIN_LABEL[o]] as const)]}
        />
      )}
      {kind && (
        <Choice
          id={`${idPrefix}-cert-lab`}
          label="Certificate laboratory"
          field="certLab"
          options={[
            ['', 'No certificate'],
            ...CERTIFICATE_LABS.map((l) => [l, l === 'OTHER' ? 'Other' : l] as const),
          ]}
        />
      )}
      {kind && lab && (
        <>
          {lab === 'OTHER' && (
            <TextField
              id={`${idPrefix}-cert-lab-name`}
              label="Laboratory name"
              required
              error={e.certLabName?.message}
              {...register('certLabName')}
            />
          )}
          <TextField
            id={`${idPrefix}-cert-report`}
            label="Report number"
            required
            placeholder={LAB_TABLE[lab].example}
            error={e.certReport?.message}
            {...register('certReport')}
          />
          <TextField
            id={`${idPrefix}-cert-carat`}
            label="Carat"
            type="number"
            min={0}
            step={0.001}
            required
            error={e.certCarat?.message}
            {...register('certCarat')}
          />
          <TextField
            id={`${idPrefix}-cert-colour`}
            label="Colour"
            placeholder="F"
            error={e.certColour?.message}
            {...register('certColour')}
          />
          <TextField
            id={`${idPrefix}-cert-clarity`}
            label="Clarity"
            placeholder="VS1"
            error={e.certClarity?.message}
            {...register('certClarity')}
          />
          <TextField
            id={`${idPrefix}-cert-cut`}
            label="Cut"
            placeholder="Excellent"
            error={e.certCut?.message}
            {...register('certCut')}
          />
          <div>
            <label htmlFor={`${idPrefix}-cert-file`} className="label">
              Certificate file (the lab's PDF or a photo)
            </label>
            <input
              id={`${idPrefix}-cert-file`}
              type="file"
              accept="application/pdf,image/jpeg,image/png,image/webp"
              className="input"
              aria-describedby={`${idPrefix}-cert-file-hint`}
              onChange={(event) => void onFile(event)}
            />
            <p id={`${idPrefix}-cert-file-hint`} className="mt-1 text-xs text-taupe">
              PDF, JPEG, PNG or WebP, at most 5 MB. PDFs with scripts, attachments or passwords are refused.
            </p>
            {file && (
              <p className="mt-1 flex items-center gap-2 text-sm">
                <span>
                  {isCertificatePdf(file) ? 'Certificate PDF uploaded' : 'Certificate photo uploaded'}
                </span>
                <button
                  type="button"
                  className="text-red-700 underline"
                  onClick={() => setValue('certFile', '', { shouldDirty: true })}
                >
                  Remove
                </button>
              </p>
            )}
          </div>
        </>
      )}
    </FormSection>
  );
}
