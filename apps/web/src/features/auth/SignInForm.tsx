import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import {
  MSG,
  loginResponseSchema,
  loginSchema,
  secondFactorChallengeSchema,
  type LoginInput,
  type LoginResponse,
} from '@zevar/domain';
import { useDialog } from '../../components/dialog/dialog-context';
import { TextField } from '../../components/FormFields';
import { ApiError, SERVER_NOT_RESPONDING, api } from '../../lib/api';
import { returnLocationAfterSignIn } from '../../lib/session-restore';
import { homePathForUserType, saveLogin } from '../../lib/storage';
import { SecondFactorStep } from './SecondFactorStep';

const passwordStepAnswer = z.union([secondFactorChallengeSchema, loginResponseSchema]);
/** Where an account whose role needs two-step verification goes first when it has none. */
const SECURITY_PATH = '/account/security';

/** Sign In: POST /api/user/login, store the session, then go back to where an expired
 * session left off, or to the user's dashboard (or the shop). `footer` (the forgot-password and
 * register links) shows under the password step only: the code step is about the code. */
export function SignInForm({
  initialUsername = '',
  footer,
}: {
  initialUsername?: string;
  footer?: ReactNode;
}) {
  const dialog = useDialog();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onChange',
    defaultValues: { username: initialUsername, password: '' },
  });
  const [challenge, setChallenge] = useState<string | null>(null);

  const signedIn = (login: LoginResponse) => {
    saveLogin(login);
    void dialog.success(MSG.successTitle, MSG.loginSuccess);
    if (login.enrolSecondFactor) return void navigate(SECURITY_PATH, { replace: true });
    // Back to the screen an expired session left, with its drafts (same user only), else home.
    const back = returnLocationAfterSignIn(login.userId);
    void navigate(back ?? homePathForUserType(login.userType), { replace: true });
  };

  const onSubmit = async (values: LoginInput) => {
    try {
      const answer = await api.post('/user/login', values, { schema: passwordStepAnswer });
      if ('challenge' in answer) return setChallenge(answer.challenge);
      signedIn(answer);
    } catch (err) {
      if (!(err instanceof ApiError)) console.error('Login failed', err);
      void dialog.error(MSG.errorTitle, loginErrorText(err));
    }
  };

  if (challenge)
    return (
      <SecondFactorStep challenge={challenge} onSignedIn={signedIn} onRestart={() => setChallenge(null)} />
    );

  return (
    <>
      <form
        noValidate
        aria-label="Sign In"
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        className="space-y-4"
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
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <button type="submit" className="btn-primary w-full py-3" disabled={!isValid || isSubmitting}>
          {isSubmitting ? 'Logging in...' : 'Login'}
        </button>
      </form>
      {footer}
    </>
  );
}

function loginErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return SERVER_NOT_RESPONDING;
    // Rate limited: the server says how long to wait.
    if (err.status === 429) return err.message;
  }
  return MSG.loginFailed;
}
