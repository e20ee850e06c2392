import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  ACCOUNT_MESSAGES,
  MSG,
  changePasswordFormSchema,
  sessionTokenSchema,
  type ChangePasswordFormInput,
} from '@zevar/domain';
import { useDialog } from '../../components/dialog/dialog-context';
import { TextField } from '../../components/FormFields';
import { api, errorMessage, isApiError } from '../../lib/api';
import { getUserType, homePathForUserType, replaceToken } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * Change Password, for admins and vendors: the current password is required; every other session
 * ends, and this browser keeps going with the token the server answers.
 */
export default function ChangePasswordPage() {
  useDocumentTitle('Change Password');
  const dialog = useDialog();
  const navigate = useNavigate();
  const home = homePathForUserType(getUserType());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async (values: ChangePasswordFormInput) => {
    try {
      const session = await api.post(
        '/user/change-password',
        { currentPassword: values.currentPassword, newPassword: values.newPassword },
        { schema: sessionTokenSchema },
      );
      replaceToken(session.token);
      await dialog.success(MSG.successTitle, ACCOUNT_MESSAGES.passwordChanged);
      void navigate(home, { replace: true });
    } catch (err) {
      const fieldIssues = isApiError(err)
        ? err.issues.filter((i) => i.path === 'currentPassword' || i.path === 'newPassword')
        : [];
      for (const issue of fieldIssues)
        setError(issue.path as 'currentPassword' | 'newPassword', { message: issue.message });
      if (!fieldIssues.length)
        void dialog.error(
          MSG.errorTitle,
          isApiError(err) && err.status === 429 ? err.message : errorMessage(err),
        );
    }
  };

  return (
    <div className="min-h-dvh bg-ivory px-4 py-10">
      <div className="card mx-auto max-w-md p-6">
        <Link to={home} className="text-sm text-taupe underline">
          ← Back to dashboard
        </Link>
        <h1 className="mt-3 text-2xl font-semibold">Change Password</h1>
        <p className="mt-1 text-sm text-taupe">You stay signed in here; every other device is signed out.</p>
        <form
          noValidate
          aria-label="Change Password"
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
          className="mt-6 space-y-4"
        >
          <TextField
            label="Current Password"
            required
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <TextField
            label="New Password"
            required
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <TextField
            label="Confirm New Password"
            required
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <button type="submit" className="btn-primary w-full py-3" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Change Password'}
          </button>
        </form>
      </div>
    </div>
  );
}
