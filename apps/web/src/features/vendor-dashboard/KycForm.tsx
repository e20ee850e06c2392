import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  KYC_TEXT,
  MSG,
  PAN_HOLDER_TYPES,
  isValidIfscFormat,
  kycSubmissionSchema,
  panHolderType,
  type Kyc,
  type KycSubmission,
  type User,
} from '@zevar/domain';
import { useDialog } from '../../components/dialog/dialog-context';
import { TextField } from '../../components/FormFields';
import { errorMessage, isApiError } from '../../lib/api';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { lookUpIfsc, submitKyc } from './settlement-api';

type KycInput = z.input<typeof kycSubmissionSchema>;
type KycPath = keyof KycInput;

export const KYC_FORM_TEXT = {
  submitted: 'KYC submitted. Your bank account is being checked.',
  bankChangeNotice:
    'Changing the bank account starts a new penny-drop check, and payouts stay on hold until an admin approves the new account.',
  accountHidden: 'For your safety the saved account number is not shown: enter it again.',
} as const;

const LABELS: Record<KycPath, string> = {
  pan: 'PAN',
  legalName: 'Legal name (as on the PAN)',
  gstin: 'GSTIN (optional)',
  accountHolderName: 'Account holder name',
  accountNumber: 'Bank account number',
  confirmAccountNumber: 'Re-enter bank account number',
  ifsc: 'IFSC',
};

function defaults(vendor: User, kyc: Kyc | null): KycInput {
  const bank = vendor.bankDetails;
  return {
    pan: kyc?.pan ?? '',
    legalName: kyc?.legalName ?? '',
    gstin: kyc?.gstin ?? '',
    accountHolderName: kyc?.accountHolderName ?? bank?.accountHolderName ?? '',
    // The KYC answer masks the account; a first submission starts from the profile's account.
    accountNumber: kyc ? '' : (bank?.accountNumber ?? ''),
    confirmAccountNumber: '',
    ifsc: kyc?.ifsc ?? bank?.ifscCode ?? '',
  };
}

/**
 * The reseller's KYC form (issue 24 item 3): PAN (format and holder type by the shared schema),
 * legal name, optional GSTIN, the bank account typed twice and its IFSC, whose bank is looked up as
 * it is typed. The server checks the account by a penny drop when it is submitted.
 */
export default function KycForm({
  vendor,
  kyc,
  onSaved,
  onCancel,
}: {
  vendor: User;
  kyc: Kyc | null;
  onSaved: (kyc: Kyc) => void;
  onCancel?: () => void;
}) {
  const dialog = useDialog();
  const form = useForm<KycInput, unknown, KycSubmission>({
    resolver: zodResolver(kycSubmissionSchema),
    mode: 'onTouched',
    defaultValues: defaults(vendor, kyc),
  });
  const { register, handleSubmit, setError, formState, watch } = form;
  const { errors, isSubmitting } = formState;
  useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitSuccessful);

  const onValid = async (values: KycSubmission) => {
    try {
      const saved = await submitKyc(values);
      await dialog.success(MSG.successTitle, KYC_FORM_TEXT.submitted);
      onSaved(saved);
    } catch (err) {
      if (isApiError(err)) {
        for (const issue of err.issues) {
          const path = issue.path;
          if (path in LABELS) setError(path as KycPath, { type: 'server', message: issue.message });
        }
      }
      const text = isApiError(err) && err.status !== 0 && err.message ? err.message : errorMessage(err);
      void dialog.error(MSG.errorTitle, text);
    }
  };

  const field = (path: KycPath, required = true) => ({
    label: LABELS[path],
    required,
    error: errors[path]?.message,
  });
  const pan = (watch('pan') ?? '').trim().toUpperCase();
  const holder = panHolderType(pan);

  return (
    <form
      noValidate
      aria-label="KYC details"
      className="space-y-6"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      {kyc && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {KYC_FORM_TEXT.bankChangeNotice}
        </p>
      )}
      <Group legend="Tax identity">
        <TextField
          {...field('pan')}
          maxLength={10}
          autoComplete="off"
          style={{ textTransform: 'uppercase' }}
          hint={holder ? `PAN of: ${PAN_HOLDER_TYPES[holder]}` : '10 characters, such as ABCPE1234F'}
          {...register('pan')}
        />
        <TextField {...field('legalName')} autoComplete="name" {...register('legalName')} />
        <TextField
          {...field('gstin', false)}
          maxLength={15}
          style={{ textTransform: 'uppercase' }}
          hint="Registered for GST? 18 % GST is added to your commission."
          {...register('gstin')}
        />
      </Group>
      <Group legend="Bank account for payouts">
        <TextField {...field('accountHolderName')} {...register('accountHolderName')} />
        <IfscField field={field('ifsc')} value={watch('ifsc') ?? ''} register={register('ifsc')} />
        <TextField
          {...field('accountNumber')}
          inputMode="numeric"
          autoComplete="off"
          hint={kyc ? KYC_FORM_TEXT.accountHidden : undefined}
          {...register('accountNumber')}
        />
        <TextField
          {...field('confirmAccountNumber')}
          inputMode="numeric"
          autoComplete="off"
          onPaste={(event) => event.preventDefault()}
          {...register('confirmAccountNumber')}
        />
      </Group>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit for verification'}
        </button>
        {onCancel && (
          <button type="button" className="btn-outline" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** The IFSC input, with the bank the directory names for a well-formed code. */
function IfscField({
  field,
  value,
  register,
}: {
  field: { label: string; required: boolean; error: string | undefined };
  value: string;
  register: UseFormRegisterReturn<'ifsc'>;
}) {
  const code = value.trim().toUpperCase();
  const wellFormed = isValidIfscFormat(code);
  const lookup = useQuery({
    queryKey: ['ifsc', code],
    queryFn: () => lookUpIfsc(code),
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
  });
  let hint: ReactNode = '11 characters, such as HDFC0001234';
  let error = field.error;
  if (wellFormed && !error) {
    if (lookup.data)
      hint = <span className="font-medium text-emerald-800">Bank: {lookup.data.bankName}</span>;
    else if (lookup.isError)
      error = isApiError(lookup.error) && lookup.error.status === 404 ? KYC_TEXT.ifscUnknown : undefined;
    else hint = 'Looking up the bank...';
  }
  return (
    <TextField
      {...field}
      error={error}
      maxLength={11}
      autoComplete="off"
      style={{ textTransform: 'uppercase' }}
      hint={hint}
      {...register}
    />
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold">{legend}</legend>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
