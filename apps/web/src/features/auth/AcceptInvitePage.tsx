import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import {
  MSG,
  STAFF_MESSAGES,
  acceptInviteFormSchema,
  inviteLookupSchema,
  loginResponseSchema,
  type AcceptInviteFormInput,
} from '@zevar/domain';
import { TextField } from '../../components/FormFields';
import { ApiError, SERVER_NOT_RESPONDING, api } from '../../lib/api';
import { homePathForUserType, saveLogin } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLinkCheck } from './use-link-check';

/** /accept-invite?token=...: an invited colleague chooses a username and password and is signed in. */
export default function AcceptInvitePage() {
  useDocumentTitle(STAFF_MESSAGES.acceptTitle);
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const check = useLinkCheck('/user/invites/lookup', token, inviteLookupSchema);
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AcceptInviteFormInput>({
    resolver: zodResolver(acceptInviteFormSchema),
    mode: 'onTouched',
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: AcceptInviteFormInput) => {
    setFailure('');
    try {
      const login = await api.post(
        '/user/invites/accept',
        { token, username: values.username, password: values.password },
        { schema: loginResponseSchema },
      );
      saveLogin(login);
      void navigate(homePathForUserType(login.userType), { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) return setFailure(MSG.genericError);
      const issues = err.issues.filter((i) => i.path === 'username' || i.path === 'password');
      for (const issue of issues) setError(issue.path as 'username' | 'password', { message: issue.message });
      if (!issues.length) setFailure(err.status === 0 ? SERVER_NOT_RESPONDING : err.message);
    }
  };

  return (
    <div className="min-h-dvh bg-ivory px-4 py-10">
      <div className="card mx-auto max-w-md p-6">
        <h1 className="text-2xl font-semibold">{STAFF_MESSAGES.acceptTitle}</h1>
        {check.state === 'checking' && <p className="mt-4 text-sm text-taupe">Checking your invitation...</p>}
        {check.state === 'refused' && (
          <p role="alert" className="mt-4 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {check.message}
          </p>
        )}
        {check.state === 'ok' && (
          <>
            <p className="mt-2 text-sm text-taupe">
              Welcome, {check.answer.name}. You are invited as <strong>{check.answer.email}</strong> with the
              roles {check.answer.roles.join(', ')}. Choose how you will sign in.
            </p>
            <form
              noValidate
              aria-label={STAFF_MESSAGES.acceptTitle}
              onSubmit={(event) => void handleSubmit(onSubmit)(event)}
              className="mt-6 space-y-4"
            >
              <TextField
                label="Username"
                required
                autoComplete="username"
                error={errors.username?.message}
                {...register('username')}
              />
              <TextField
                label="Password"
                required
                type="password"
                autoComplete="new-password"
                error={errors.password?.message}
                {...register('password')}
              />
              <TextField
                label="Confirm Password"
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
                {isSubmitting ? 'Joining...' : 'Accept and sign in'}
              </button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
