import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  MSG,
  STAFF_MESSAGES,
  forgotPasswordResponseSchema,
  resetWithLinkFormSchema,
  type ResetWithLinkFormInput,
} from '@zevar/domain';
import { TextField } from '../../components/FormFields';
import { ApiError, SERVER_NOT_RESPONDING, api } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLinkCheck } from './use-link-check';

const validSchema = z.object({ valid: z.literal(true) });

/** /reset-password?token=...: the emailed one-time link; a used or expired link says so. */
export default function ResetPasswordPage() {
  useDocumentTitle(STAFF_MESSAGES.resetTitle);
  const token = useSearchParams()[0].get('token') ?? '';
  const check = useLinkCheck('/user/password-reset/lookup', token, validSchema);
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetWithLinkFormInput>({
    resolver: zodResolver(resetWithLinkFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: ResetWithLinkFormInput) => {
    setFailure('');
    try {
      const answer = await api.post(
        '/user/password-reset',
        { token, password: values.password },
        { schema: forgotPasswordResponseSchema },
      );
      setDone(answer.message);
    } catch (err) {
      if (!(err instanceof ApiError)) return setFailure(MSG.genericError);
      const issue = err.issues.find((i) => i.path === 'password');
      if (issue) setError('password', { message: issue.message });
      else setFailure(err.status === 0 ? SERVER_NOT_RESPONDING : err.message);
    }
  };

  return (
    <div className="min-h-dvh bg-ivory px-4 py-10">
      <div className="card mx-auto max-w-md p-6">
        <h1 className="text-2xl font-semibold">{STAFF_MESSAGES.resetTitle}</h1>
        {check.state === 'checking' && <p className="mt-4 text-sm text-taupe">Checking your link...</p>}
        {check.state === 'refused' && (
          <>
            <p role="alert" className="mt-4 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {check.message}
            </p>
            <Link to="/forgot-password" className="link mt-4 inline-block text-sm font-medium">
              Ask for a new link
            </Link>
          </>
        )}
        {check.state === 'ok' && done && (
          <>
            <p role="status" className="mt-4 rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
              {done}
            </p>
            <Link to="/login" className="btn-primary mt-4 inline-block px-5 py-2">
              Sign In
            </Link>
          </>
        )}
        {check.state === 'ok' && !done && (
          <form
            noValidate
            aria-label={STAFF_MESSAGES.resetTitle}
            onSubmit={(event) => void handleSubmit(onSubmit)(event)}
            className="mt-6 space-y-4"
          >
            <TextField
              label="New Password"
              required
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <TextField
              label="Confirm New Password"
              required
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            {failure && (
              <p role="alert" className="text-sm text-red-700">
                {failure}
              </p>
            )}
            <button type="submit" className="btn-primary w-full py-3" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Set new password'}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
