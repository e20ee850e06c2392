import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { INDIAN_STATES, MSG, registerFormSchema, type RegisterFormInput } from '@zevar/domain';
import { useDialog } from '../../components/dialog/dialog-context';
import { SelectField, TextAreaField, TextField } from '../../components/FormFields';
import { ApiError, SERVER_NOT_RESPONDING, api } from '../../lib/api';
import {
  REGISTER_DEFAULTS,
  REGISTER_FIELD_LABELS as L,
  describeErrors,
  fieldError,
  issueFieldPath,
  toRegisterPayload,
  type LabelledPath,
  type RegisterFormOutput,
} from './register-fields';
import { useUsernameAvailability, type UsernameStatus } from './use-username-availability';

const USERNAME_STATUS_TEXT: Record<UsernameStatus, { text: string; className: string } | null> = {
  idle: null,
  error: null,
  checking: { text: 'Checking availability...', className: 'text-taupe' },
  available: { text: 'Username is available', className: 'text-emerald-700' },
  taken: { text: 'Username is not available', className: 'text-red-700' },
};

/** Vendor registration: the spec's fields and messages, checked by registerFormSchema. */
export function RegisterForm({ onRegistered }: { onRegistered: (username: string) => void }) {
  const dialog = useDialog();
  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: REGISTER_DEFAULTS,
  });
  const { register, handleSubmit, setError, trigger, control, formState } = form;
  const { errors, isSubmitting, touchedFields } = formState;

  const username = useWatch({ control, name: 'username' });
  const password = useWatch({ control, name: 'password' });
  const usernameStatus = useUsernameAvailability(username);
  const statusText = USERNAME_STATUS_TEXT[usernameStatus];

  // Once confirmation has been touched, a new password re-checks that both still match.
  const confirmTouched = Boolean(touchedFields.confirmPassword);
  useEffect(() => {
    if (confirmTouched) void trigger('confirmPassword');
  }, [password, confirmTouched, trigger]);

  const showValidationError = (lines: string[]) =>
    dialog.error(MSG.formValidationError, `Please correct the following fields:\n${lines.join('\n')}`);

  const onValid = async (values: RegisterFormOutput) => {
    if (usernameStatus === 'taken') {
      void showValidationError([`${L.username}: Username is not available`]);
      return;
    }
    try {
      await api.post('/user/register', toRegisterPayload(values));
      void dialog.success(MSG.successTitle, MSG.registrationSuccess);
      form.reset(REGISTER_DEFAULTS);
      onRegistered(values.username);
    } catch (err) {
      void dialog.error(MSG.errorTitle, registrationErrorText(err));
      if (err instanceof ApiError) {
        for (const issue of err.issues) {
          const path = issueFieldPath(issue.path);
          if (path) setError(path, { type: 'server', message: issue.message }, { shouldFocus: true });
        }
      }
    }
  };

  const err = (path: LabelledPath) => fieldError(errors, path);

  return (
    <form
      noValidate
      aria-label="Vendor Registration"
      onSubmit={(event) =>
        void handleSubmit(onValid, (invalid) => void showValidationError(describeErrors(invalid)))(event)
      }
      className="grid gap-x-4 gap-y-4 sm:grid-cols-2"
    >
      <TextField
        label={L.username}
        required
        autoComplete="username"
        error={err('username')}
        hint={
          statusText && (
            <span aria-live="polite" className={statusText.className} data-status={usernameStatus}>
              {statusText.text}
            </span>
          )
        }
        {...register('username')}
      />
      <TextField
        label={L.email}
        required
        type="email"
        autoComplete="email"
        error={err('email')}
        {...register('email')}
      />
      <TextField
        label={L.password}
        required
        type="password"
        autoComplete="new-password"
        error={err('password')}
        {...register('password')}
      />
      <TextField
        label={L.confirmPassword}
        required
        type="password"
        autoComplete="new-password"
        error={err('confirmPassword')}
        {...register('confirmPassword')}
      />
      <TextField label={L.name} required autoComplete="name" error={err('name')} {...register('name')} />
      <TextField
        label={L.bussinessName}
        required
        autoComplete="organization"
        error={err('bussinessName')}
        {...register('bussinessName')}
      />
      <TextAreaField
        label={L.description}
        required
        className="sm:col-span-2"
        placeholder="Tell shoppers about your business (at least 20 characters)"
        error={err('description')}
        {...register('description')}
      />
      <TextField
        label={L['contact.phone']}
        required
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        error={err('contact.phone')}
        {...register('contact.phone')}
      />
      <TextField
        label={L['contact.secondaryPhone']}
        type="tel"
        inputMode="numeric"
        placeholder="Optional"
        error={err('contact.secondaryPhone')}
        {...register('contact.secondaryPhone')}
      />
      <TextField
        label={L['contact.addressLine1']}
        required
        autoComplete="address-line1"
        error={err('contact.addressLine1')}
        {...register('contact.addressLine1')}
      />
      <TextField
        label={L['contact.addressLine2']}
        autoComplete="address-line2"
        placeholder="Optional"
        error={err('contact.addressLine2')}
        {...register('contact.addressLine2')}
      />
      <TextField
        label={L['contact.city']}
        required
        autoComplete="address-level2"
        error={err('contact.city')}
        {...register('contact.city')}
      />
      <SelectField
        label={L['contact.state']}
        required
        autoComplete="address-level1"
        placeholder="Select state"
        options={INDIAN_STATES}
        error={err('contact.state')}
        {...register('contact.state')}
      />
      <TextField
        label={L['contact.pincode']}
        required
        inputMode="numeric"
        maxLength={6}
        autoComplete="postal-code"
        error={err('contact.pincode')}
        {...register('contact.pincode')}
      />
      <div className="flex items-end sm:col-span-2">
        <button type="submit" className="btn-gold w-full py-3" disabled={isSubmitting}>
          {isSubmitting ? 'Registering...' : 'Register'}
        </button>
      </div>
    </form>
  );
}

function registrationErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return SERVER_NOT_RESPONDING;
    // 409: the username (or email) is taken; the server says which.
    if (err.status === 409 || err.status === 429) return err.message;
  }
  return MSG.registrationFailed;
}
