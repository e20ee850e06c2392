import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { MSG, STAFF_MESSAGES, forgotPasswordResponseSchema, forgotPasswordSchema } from '@zevar/domain';
import { TextField } from '../../components/FormFields';
import { ApiError, SERVER_NOT_RESPONDING, api } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';

type Values = { identifier: string };

/** /forgot-password: a username or email; the answer is the same whether or not an account matches. */
export default function ForgotPasswordPage() {
  useDocumentTitle(STAFF_MESSAGES.forgotTitle);
  const [sent, setSent] = useState('');
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { identifier: '' } });

  const onSubmit = async (values: Values) => {
    setFailure('');
    try {
      const answer = await api.post('/user/forgot-password', values, {
        schema: forgotPasswordResponseSchema,
      });
      setSent(answer.message);
    } catch (err) {
      if (err instanceof ApiError) setFailure(err.status === 0 ? SERVER_NOT_RESPONDING : err.message);
      else setFailure(MSG.genericError);
    }
  };

  return (
    <div className="min-h-dvh bg-ivory px-4 py-10">
      <div className="card mx-auto max-w-md p-6">
        <Link to="/login" className="text-sm text-taupe underline">
          ← Back to Sign In
        </Link>
        <h1 className="mt-3 text-2xl font-semibold">{STAFF_MESSAGES.forgotTitle}</h1>
        {sent ? (
          <p role="status" className="mt-4 rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            {sent}
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-taupe">
              Enter your username or email address and we will email you a link to choose a new password.
            </p>
            <form
              noValidate
              aria-label={STAFF_MESSAGES.forgotTitle}
              onSubmit={(event) => void handleSubmit(onSubmit)(event)}
              className="mt-6 space-y-4"
            >
              <TextField
                label="Username or email"
                required
                autoComplete="username"
                error={errors.identifier?.message}
                {...register('identifier')}
              />
              {failure && (
                <p role="alert" className="text-sm text-red-700">
                  {failure}
                </p>
              )}
              <button type="submit" className="btn-primary w-full py-3" disabled={isSubmitting}>
                {isSubmitting ? 'Sending...' : 'Email me a link'}
              </button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
