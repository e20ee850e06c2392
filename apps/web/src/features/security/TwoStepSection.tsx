import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MSG,
  SECOND_FACTOR_MESSAGES,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@zevar/domain';
import { useDialog } from '../../components/dialog/dialog-context';
import { TextField } from '../../components/FormFields';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { securityApi } from './security-api';

const STATUS_KEY = ['second-factor'];

/** The message of a refused code or password, for the field it belongs to. */
function refusal(err: unknown): string {
  if (err instanceof ApiError && err.status !== 0 && err.status < 500) return err.message;
  return errorMessage(err);
}

/** The secret in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Two-step verification of the signed-in account: set it up (QR code and the secret typed out,
 * confirmed by a first code), the recovery codes shown once, new codes, and turning it off.
 */
export function TwoStepSection({ onEnabled }: { onEnabled: () => void }) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: securityApi.status });
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const dialog = useDialog();
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });

  const start = async () => {
    try {
      setEnrolment(await securityApi.enrol());
    } catch (err) {
      void dialog.error(MSG.errorTitle, errorMessage(err));
    }
  };

  if (codes)
    return (
      <RecoveryCodesCard
        codes={codes}
        onDone={() => {
          setCodes(null);
          onEnabled();
        }}
      />
    );
  if (status.isPending) return <p className="text-sm text-taupe">Loading…</p>;
  if (status.isError) return <p role="alert">{errorMessage(status.error)}</p>;
  const state = status.data;
  if (enrolment && !state.enabled)
    return (
      <EnrolmentCard
        enrolment={enrolment}
        onConfirmed={(recoveryCodes) => {
          setEnrolment(null);
          setCodes(recoveryCodes);
          void refresh();
        }}
      />
    );
  return state.enabled ? (
    <EnabledCard status={state} onCodes={setCodes} onChanged={() => void refresh()} />
  ) : (
    <div className="space-y-3">
      {state.required && (
        <p role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {SECOND_FACTOR_MESSAGES.enrolRequired}
        </p>
      )}
      <p className="text-sm">
        Two-step verification is <strong>off</strong>. With it on, signing in needs your password and a
        6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
        1Password, Authy or any other TOTP app).
      </p>
      <button type="button" className="btn-primary" onClick={() => void start()}>
        Set up two-step verification
      </button>
    </div>
  );
}

function EnrolmentCard({
  enrolment,
  onConfirmed,
}: {
  enrolment: SecondFactorEnrolment;
  onConfirmed: (codes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onConfirmed((await securityApi.confirm(code.trim())).recoveryCodes);
    } catch (err) {
      setError(refusal(err));
      setBusy(false);
    }
  };
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`;
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <img
          src={qr}
          alt="QR code for your authenticator app"
          width={180}
          height={180}
          className="border border-line bg-white p-1"
        />
        <div className="min-w-0">
          <p className="text-sm text-taupe">Key (if you cannot scan)</p>
          <code data-testid="totp-secret" className="block break-all font-mono text-base tracking-wider">
            {grouped(enrolment.secret)}
          </code>
        </div>
      </div>
      <form
        noValidate
        aria-label="Confirm two-step verification"
        onSubmit={(e) => void submit(e)}
        className="max-w-xs space-y-3"
      >
        <TextField
          label="Code from the app"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          error={error}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="btn-primary" disabled={busy || code.trim().length < 6}>
          Turn on
        </button>
      </form>
    </div>
  );
}

/** The recovery codes, shown once: download as a text file or print, then confirm they are saved. */
function RecoveryCodesCard({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const text = `Zevar recovery codes (each works once)\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'zevar-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4" data-testid="recovery-codes">
      <p role="status" className="rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        {SECOND_FACTOR_MESSAGES.enrolled}
      </p>
      <p className="text-sm">{SECOND_FACTOR_MESSAGES.recoveryShownOnce}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-base sm:max-w-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2 print:hidden">
        <button type="button" className="btn-outline" onClick={download}>
          Download
        </button>
        <button type="button" className="btn-outline" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="btn-primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

type Proof = { password: string; code: string };

function EnabledCard({
  status,
  onCodes,
  onChanged,
}: {
  status: SecondFactorStatus;
  onCodes: (codes: string[]) => void;
  onChanged: () => void;
}) {
  const dialog = useDialog();
  const [proof, setProof] = useState<Proof>({ password: '', code: '' });
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const run = async (action: 'codes' | 'off') => {
    if (action === 'off') {
      const ok = await dialog.confirm(
        'Turn Off Two-Step Verification',
        status.required
          ? 'Your role requires two-step verification: you will be asked to set it up again straight away, for example with a new phone.'
          : 'Signing in will need only your password. Turn two-step verification off?',
        { confirmLabel: 'Turn Off' },
      );
      if (!ok) return;
    }
    setBusy(true);
    setError(undefined);
    try {
      if (action === 'codes')
        onCodes((await securityApi.newRecoveryCodes(proof.password, proof.code)).recoveryCodes);
      else {
        await securityApi.disable(proof.password, proof.code);
        void dialog.success(MSG.successTitle, SECOND_FACTOR_MESSAGES.disabled);
      }
      setProof({ password: '', code: '' });
      onChanged();
    } catch (err) {
      setError(refusal(err));
    } finally {
      setBusy(false);
    }
  };
  const ready = proof.password.length > 0 && proof.code.trim().length >= 6 && !busy;
  return (
    <div className="space-y-4">
      <p className="text-sm">
        Two-step verification is <strong>on</strong>
        {status.enabledAt && <> since {formatDateTime(status.enabledAt)}</>}.{' '}
        <span data-testid="recovery-left">{status.recoveryCodesLeft} recovery codes left.</span>
      </p>
      <form
        noValidate
        aria-label="Change two-step verification"
        onSubmit={(e) => e.preventDefault()}
        className="grid max-w-xl gap-3 sm:grid-cols-2"
      >
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={proof.password}
          onChange={(e) => setProof({ ...proof, password: e.target.value })}
        />
        <TextField
          label="Code or recovery code"
          autoComplete="one-time-code"
          value={proof.code}
          error={error}
          onChange={(e) => setProof({ ...proof, code: e.target.value })}
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <button type="button" className="btn-outline" disabled={!ready} onClick={() => void run('codes')}>
            New recovery codes
          </button>
          <button type="button" className="btn-outline" disabled={!ready} onClick={() => void run('off')}>
            Turn off
          </button>
        </div>
      </form>
      <p className="text-xs text-taupe">
        A new phone? Turn it off here with a code or a recovery code, then set it up again. Lost both? A super
        admin can reset it for you.
      </p>
    </div>
  );
}
