import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RETURN_STAGE_LABELS, RETURN_REFUSAL_TEXT, RETURN_TEXT, type BuyerReturns } from '@zevar/domain';
import { TextAreaField } from '../../components/FormFields';
import { DEFAULT_ERROR, isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { uploadImage } from '../../lib/upload';
import { returnsApi } from './returns-api';

const PHOTO_UPLOAD_PATH = '/image/review-uploads';
const MAX_PHOTOS = 5;
const messageOf = (err: unknown) => (isApiError(err) && err.status !== 0 ? err.message : DEFAULT_ERROR);
const newKey = () => `return-${crypto.randomUUID()}`;

/** The buyer asks for a return: units per returnable line, the reason, up to five photos. */
function RequestForm({ token, data }: { token: string; data: BuyerReturns }) {
  const queryClient = useQueryClient();
  const open = data.lines.filter((l) => l.returnable > 0);
  const [units, setUnits] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [key, setKey] = useState(newKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const names = await Promise.all(photos.map((p) => uploadImage(p, undefined, PHOTO_UPLOAD_PATH)));
      const answer = await returnsApi.request(token, {
        lines: open
          .map((l) => ({ orderItemId: l.orderItemId, quantity: units[l.orderItemId] ?? 0 }))
          .filter((l) => l.quantity > 0),
        reason,
        photos: names,
        requestKey: key,
      });
      queryClient.setQueryData(['track-returns', token], answer);
      setSent(true);
      setUnits({});
      setReason('');
      setPhotos([]);
      setKey(newKey());
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  if (open.length === 0)
    return sent ? (
      <p role="status" className="text-sm">
        {RETURN_TEXT.submitted}
      </p>
    ) : null;
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="card space-y-4 p-5"
      aria-label={RETURN_TEXT.requestTitle}
    >
      <h2 className="text-xl font-semibold">{RETURN_TEXT.requestTitle}</h2>
      <p className="text-sm text-taupe">{RETURN_TEXT.requestIntro}</p>
      {sent && (
        <p role="status" className="text-sm">
          {RETURN_TEXT.submitted}
        </p>
      )}
      <ul className="space-y-3">
        {open.map((l) => (
          <li key={l.orderItemId} className="flex items-center justify-between gap-3">
            <span className="min-w-0">
              <span className="block break-words font-medium">{l.productName}</span>
              {l.until && (
                <span className="block text-xs text-taupe">Returnable until {formatDateTime(l.until)}</span>
              )}
            </span>
            <label className="flex shrink-0 items-center gap-2 text-sm">
              <span className="sr-only">
                {RETURN_TEXT.unitsLabel}: {l.productName}
              </span>
              <select
                className="input w-20"
                value={units[l.orderItemId] ?? 0}
                onChange={(e) => setUnits({ ...units, [l.orderItemId]: Number(e.target.value) })}
              >
                {Array.from({ length: l.returnable + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          </li>
        ))}
      </ul>
      <TextAreaField
        label={RETURN_TEXT.reasonLabel}
        required
        rows={3}
        maxLength={1000}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <label className="block text-sm">
        <span className="font-medium">{RETURN_TEXT.photosLabel}</span>
        <input
          className="mt-1 block w-full text-sm"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          onChange={(e) => setPhotos([...(e.target.files ?? [])].slice(0, MAX_PHOTOS))}
        />
      </label>
      {photos.length > 0 && <p className="text-xs text-taupe">{photos.map((p) => p.name).join(', ')}</p>}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        {busy ? 'Sending…' : RETURN_TEXT.submit}
      </button>
    </form>
  );
}

/**
 * Returns on the tracking page (issue 22 item 7c), its own lazily loaded chunk: the buyer's returns
 * with their steps, and the request form for what the returns policy lets them send back.
 */
export default function ReturnsPanel({ token }: { token: string }) {
  const query = useQuery({ queryKey: ['track-returns', token], queryFn: () => returnsApi.view(token) });
  const data = query.data;
  if (!data) return null;
  const refusals = [...new Set(data.lines.filter((l) => l.refusal).map((l) => l.refusal!))];
  const nothing = data.lines.every((l) => l.returnable === 0);
  return (
    <div className="space-y-4">
      {data.returns.length > 0 && (
        <section className="card space-y-3 p-5" aria-label={RETURN_TEXT.yourReturns}>
          <h2 className="text-xl font-semibold">{RETURN_TEXT.yourReturns}</h2>
          {data.returns.map((r) => (
            <article key={r.id} className="space-y-2 border-t border-sand pt-3 first:border-0 first:pt-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">Return {r.id}</span>
                <span className="rounded bg-sand px-2 py-0.5 text-xs">{RETURN_STAGE_LABELS[r.stage]}</span>
              </p>
              <p className="text-sm">{r.lines.map((l) => `${l.productName} × ${l.quantity}`).join(', ')}</p>
              {r.decisionNote && <p className="break-words text-sm">{r.decisionNote}</p>}
              <ol className="space-y-1 border-l-2 border-sand pl-3 text-sm">
                {r.timeline.map((e, i) => (
                  <li key={i}>
                    <span className="font-medium">{e.what}</span>{' '}
                    <span className="text-taupe">{formatDateTime(e.at)}</span>
                  </li>
                ))}
              </ol>
            </article>
          ))}
        </section>
      )}
      <RequestForm token={token} data={data} />
      {nothing && data.returns.length === 0 && refusals.length > 0 && !refusals.includes('NOT_DELIVERED') && (
        <p className="text-sm text-taupe">
          {RETURN_TEXT.noneEligible} {refusals.map((r) => RETURN_REFUSAL_TEXT[r]).join(' ')}
        </p>
      )}
    </div>
  );
}
