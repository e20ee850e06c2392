import { useId, useState, type FormEvent } from 'react';
import type { InternalNote } from '@zevar/domain';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

const NOTES_TEXT = {
  title: 'Internal notes',
  hint: 'Seen by staff only: never by the shopper or the vendor.',
  empty: 'No notes yet.',
  field: 'New note',
  save: 'Save note',
  saving: 'Saving...',
} as const;

/**
 * Staff's internal notes on an order or a customer (issue 23 item 7), oldest first, each with who
 * wrote it and when; the form shows for those who may write one.
 */
export function InternalNotes({
  notes,
  mayWrite,
  onAdd,
}: {
  notes: readonly InternalNote[] | undefined;
  mayWrite: boolean;
  onAdd: (body: string) => Promise<unknown>;
}) {
  const [body, setBody] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const fieldId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (body.trim() === '' || saving) return;
    setSaving(true);
    setError(null);
    try {
      await onAdd(body.trim());
      setBody('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={titleId} className="card space-y-3 p-4">
      <div>
        <h3 id={titleId} className="text-lg font-semibold">
          {NOTES_TEXT.title}
        </h3>
        <p className="text-xs text-taupe">{NOTES_TEXT.hint}</p>
      </div>
      {notes && notes.length === 0 && <p className="text-sm text-taupe">{NOTES_TEXT.empty}</p>}
      {notes && notes.length > 0 && (
        <ol className="space-y-2">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md border border-sand bg-ivory p-3">
              <p className="text-sm break-words whitespace-pre-line">{note.body}</p>
              <p className="mt-1 text-xs text-taupe">
                {note.author} · {formatDateTime(note.at)}
              </p>
            </li>
          ))}
        </ol>
      )}
      {mayWrite && (
        <form onSubmit={(e) => void submit(e)} className="space-y-2">
          <label htmlFor={fieldId} className="block text-sm font-medium">
            {NOTES_TEXT.field}
          </label>
          <textarea
            id={fieldId}
            className="input min-h-20 w-full"
            maxLength={2000}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary" disabled={saving || body.trim() === ''}>
            {saving ? NOTES_TEXT.saving : NOTES_TEXT.save}
          </button>
        </form>
      )}
    </section>
  );
}
