import { Suspense, lazy, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { TRACK_TEXT, trackingCodeRequestBody, trackingCodeVerifyBody } from '@zevar/domain';
import { TextField } from '../../components/FormFields';
import { DEFAULT_ERROR, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trackingApi } from './tracking-api';
import { TrackingTimeline } from './TrackingTimeline';

/** Returns (request form, timelines) load only once the buyer has opened an order. */
const ReturnsPanel = lazy(() => import('./ReturnsPanel'));

/** The server's message, or the generic one when the server did not answer. */
const messageOf = (err: unknown) => (isApiError(err) && err.status !== 0 ? err.message : DEFAULT_ERROR);

/** A call's progress and failure, without keeping its answer (what each step needs). */
function useStep<A extends unknown[], T>(
  call: (...args: A) => Promise<T>,
  done: (answer: T, ...args: A) => void,
) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (...args: A) => {
    setPending(true);
    setError(null);
    call(...args).then(
      (answer) => {
        setPending(false);
        done(answer, ...args);
      },
      (err: unknown) => {
        setPending(false);
        setError(messageOf(err));
      },
    );
  };
  return { run, pending, error, reset: () => setError(null) };
}

type Errors = Partial<Record<'orderNumber' | 'contact' | 'code', string>>;

/** Field messages of a failed zod parse, by field. */
function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const out: Errors = {};
  for (const i of issues) {
    const key = String(i.path[0]) as keyof Errors;
    out[key] ??= i.message;
  }
  return out;
}

/**
 * The buyer's tracking page (issue 22 item 5): the order number and the email or phone it was placed
 * with send a one-time code to the order's email; the code shows the order's parcels. Nothing is kept
 * in the browser: a reload asks for a new code.
 */
export default function TrackPage() {
  useDocumentTitle(TRACK_TEXT.title);
  const [params] = useSearchParams();
  const [orderNumber, setOrderNumber] = useState(params.get('order') ?? '');
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);

  const ask = useStep(trackingApi.requestCode, (_, number) => {
    setSentTo(number);
    setCode('');
  });
  const verify = useStep(trackingApi.verify, (answer) => setToken(answer.token));
  const view = useQuery({
    queryKey: ['tracking', token],
    queryFn: () => trackingApi.view(token!),
    enabled: Boolean(token),
    retry: false,
  });

  const onAsk = (event: FormEvent) => {
    event.preventDefault();
    const parsed = trackingCodeRequestBody.safeParse({ orderNumber, contact });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (parsed.success) ask.run(parsed.data.orderNumber, contact);
  };
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    const parsed = trackingCodeVerifyBody.safeParse({ orderNumber: sentTo, code });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (parsed.success) verify.run(parsed.data.orderNumber, parsed.data.code);
  };
  const startAgain = () => {
    setToken(null);
    setSentTo(null);
    setCode('');
    verify.reset();
    ask.reset();
  };

  const sessionEnded = view.isError && isApiError(view.error) && view.error.status === 401;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-10">
      <p className="eyebrow">Where is my jewellery?</p>
      <h1 className="mt-2 text-3xl sm:text-4xl">{TRACK_TEXT.title}</h1>

      {token && view.data ? (
        <div className="mt-6 space-y-4">
          <TrackingTimeline view={view.data} />
          <Suspense fallback={null}>
            <ReturnsPanel token={token} />
          </Suspense>
          <button type="button" className="btn-outline" onClick={startAgain}>
            {TRACK_TEXT.anotherOrder}
          </button>
        </div>
      ) : token && view.isPending ? (
        <p className="mt-6 text-taupe" role="status">
          Loading your order…
        </p>
      ) : (
        <>
          <p className="mt-2 text-taupe">{TRACK_TEXT.intro}</p>
          {(sessionEnded || view.isError) && (
            <p role="alert" className="field-error mt-4">
              {sessionEnded ? TRACK_TEXT.sessionEnded : messageOf(view.error)}
            </p>
          )}
          <form noValidate onSubmit={onAsk} className="card mt-6 space-y-4 p-5" aria-label={TRACK_TEXT.title}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={TRACK_TEXT.orderNumberLabel}
                required
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="ZV261126-1A2B3C4D"
                value={orderNumber}
                onChange={(e) => setOrderNumber(e.target.value)}
                error={errors.orderNumber}
              />
              <TextField
                label={TRACK_TEXT.contactLabel}
                required
                autoComplete="email"
                value={contact}
                onChange={(e) => setContact(e.target.value)}
                error={errors.contact}
              />
            </div>
            {ask.error && (
              <p role="alert" className="field-error">
                {ask.error}
              </p>
            )}
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={ask.pending}>
              {ask.pending ? 'Sending…' : TRACK_TEXT.sendCode}
            </button>
          </form>

          {sentTo && (
            <form
              noValidate
              onSubmit={onVerify}
              className="card mt-4 space-y-4 p-5"
              aria-label="Enter your code"
            >
              <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-800">
                {TRACK_TEXT.codeSent}
              </p>
              <TextField
                label={TRACK_TEXT.codeLabel}
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                error={errors.code ?? verify.error ?? undefined}
              />
              <button type="submit" className="btn-primary w-full sm:w-auto" disabled={verify.pending}>
                {verify.pending ? 'Checking…' : TRACK_TEXT.verify}
              </button>
            </form>
          )}
          <p className="mt-6 text-sm text-taupe">
            Questions about your order?{' '}
            <Link to="/contact" className="link">
              Contact us
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
