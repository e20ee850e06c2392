import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ACCOUNT_MESSAGES } from '@zevar/domain';
import { Modal } from '../Modal';
import { TextField } from '../FormFields';
import { isApiError, errorMessage } from '../../lib/api';
import { reauthenticate } from '../../lib/session-api';
import { ReauthContext } from './reauth-context';

type Pending = { resolve: (ok: boolean) => void };

/** Provides the password prompt that useReauth() opens (back office only). */
export function ReauthProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const prompt = useCallback(() => new Promise<boolean>((resolve) => setPending({ resolve })), []);
  const finish = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  return (
    <ReauthContext.Provider value={prompt}>
      {children}
      {pending && <ReauthDialog onDone={finish} />}
    </ReauthContext.Provider>
  );
}

function ReauthDialog({ onDone }: { onDone: (ok: boolean) => void }) {
  const titleId = useId();
  const textId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('This field is required');
      return;
    }
    setBusy(true);
    try {
      await reauthenticate(password);
      onDone(true);
    } catch (err) {
      setError(isApiError(err) && err.status !== 0 ? err.message : errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <Modal labelledBy={titleId} describedBy={textId} onDismiss={() => onDone(false)} initialFocus={inputRef}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <h2 id={titleId} className="text-xl font-semibold">
          {ACCOUNT_MESSAGES.reauthTitle}
        </h2>
        <p id={textId} className="text-sm text-taupe">
          {ACCOUNT_MESSAGES.reauthPrompt}
        </p>
        <TextField
          ref={inputRef}
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={() => onDone(false)}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Checking...' : 'Confirm'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
