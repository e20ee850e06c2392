import { useState, type FormEvent } from 'react';
import { loginResponseSchema, SECOND_FACTOR_MESSAGES, type LoginResponse } from '@zevar/domain';
import { TextField } from '../../components/FormFields';
import { ApiError, SERVER_NOT_RESPONDING, api } from '../../lib/api';

/**
 * The second step of signing in (decision 0047): the password was right, now a 6-digit code from
 * the authenticator app or one recovery code. An expired challenge sends the user back to the
 * password step.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (login: LoginResponse) => void;
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim().length < 6) return setError(SECOND_FACTOR_MESSAGES.wrongCode);
    setBusy(true);
    setError(undefined);
    try {
      const login = await api.post(
        '/user/login/second-factor',
        { challenge, code: code.trim() },
        { schema: loginResponseSchema },
      );
      onSignedIn(login);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 401) return onRestart();
      if (err instanceof ApiError && err.status === 0) return setError(SERVER_NOT_RESPONDING);
      setError(err instanceof ApiError ? err.message : SECOND_FACTOR_MESSAGES.wrongCode);
    }
  };

  return (
    <form
      noValidate
      aria-label={SECOND_FACTOR_MESSAGES.signInTitle}
      onSubmit={(e) => void submit(e)}
      className="space-y-4"
    >
      <h2 className="text-xl font-semibold">{SECOND_FACTOR_MESSAGES.signInTitle}</h2>
      <p className="text-sm text-taupe">{SECOND_FACTOR_MESSAGES.signInHint}</p>
      <TextField
        label="Code"
        required
        inputMode="text"
        autoComplete="one-time-code"
        spellCheck={false}
        value={code}
        error={error}
        onChange={(e) => setCode(e.target.value)}
      />
      <button type="submit" className="btn-primary w-full py-3" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </button>
      <button type="button" className="link w-full text-center text-sm" onClick={onRestart}>
        Start again with your password
      </button>
    </form>
  );
}
