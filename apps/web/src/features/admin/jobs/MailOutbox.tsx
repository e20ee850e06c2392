import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxMessage, OutboxView } from '@zevar/domain';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { useDialog } from '../../../components/dialog/dialog-context';
import { failure } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { OUTBOX_MSG, jobsApi } from './jobs-api';

const VIEWS: Array<{ view: OutboxView; label: string }> = [
  { view: 'FAILING', label: 'Failing' },
  { view: 'WAITING', label: 'Waiting' },
  { view: 'SENT', label: 'Sent' },
  { view: 'ALL', label: 'All' },
];

function state(m: OutboxMessage): { text: string; tone: string } {
  if (m.status === 'SENT') return { text: `Sent ${formatDateTime(m.sentAt)}`, tone: 'text-green-800' };
  if (m.status === 'FAILED') return { text: `Gave up after ${m.attempts} tries`, tone: 'text-red-700' };
  if (m.attempts > 0)
    return {
      text: `Failing: ${m.attempts} ${m.attempts === 1 ? 'try' : 'tries'}, next ${formatDateTime(m.nextAttemptAt)}`,
      tone: 'text-red-700',
    };
  return { text: 'Waiting to be sent', tone: 'text-taupe' };
}

/** The mail outbox: failing mail first, with its last error; retry what failed, resend what was sent. */
export function MailOutbox() {
  const dialog = useDialog();
  const qc = useQueryClient();
  const [view, setView] = useState<OutboxView>('FAILING');
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: ['jobs', 'outbox', view, page],
    queryFn: () => jobsApi.outbox(view, page),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: ({ id, resend }: { id: number; resend: boolean }) =>
      resend ? jobsApi.resendMail(id) : jobsApi.retryMail(id),
  });
  const run = async (m: OutboxMessage) => {
    const resend = m.status === 'SENT';
    try {
      await act.mutateAsync({ id: m.id, resend });
    } catch (err) {
      return void dialog.error(
        'Error',
        failure(resend ? 'Failed to resend the mail' : 'Failed to retry the mail', err),
      );
    }
    await qc.invalidateQueries({ queryKey: ['jobs', 'outbox'] });
    await dialog.success('Success', resend ? OUTBOX_MSG.resent : OUTBOX_MSG.retried);
  };

  return (
    <section aria-labelledby="outbox-title" className="space-y-3">
      <h3 id="outbox-title" className="text-xl font-semibold">
        Mail Outbox
      </h3>
      <div role="group" aria-label="Show mail" className="flex flex-wrap gap-2">
        {VIEWS.map((v) => (
          <button
            key={v.view}
            type="button"
            aria-pressed={view === v.view}
            className={view === v.view ? 'btn-primary' : 'btn-outline'}
            onClick={() => {
              setView(v.view);
              setPage(0);
            }}
          >
            {v.label}
          </button>
        ))}
      </div>
      {list.isPending && <Spinner label="Loading the mail outbox..." />}
      {list.isError && <p className="text-red-700">{OUTBOX_MSG.loadFailed}</p>}
      {list.data?.content.length === 0 && (
        <p className="card p-6 text-center text-taupe">{OUTBOX_MSG.empty[view]}</p>
      )}
      <ul className="space-y-3">
        {list.data?.content.map((m) => {
          const s = state(m);
          return (
            <li
              key={m.id}
              className="card flex flex-col gap-2 p-4 md:flex-row md:items-start md:justify-between"
            >
              <div className="min-w-0 space-y-1">
                <p className="font-semibold break-words">{m.subject}</p>
                <p className="text-sm break-words text-taupe">
                  To {m.to} · {m.dedupeKey} · queued {formatDateTime(m.createdAt)}
                </p>
                <p className={`text-sm ${s.tone}`}>{s.text}</p>
                {m.lastError && m.status !== 'SENT' && (
                  <p className="text-sm break-words text-red-700">Last error: {m.lastError}</p>
                )}
              </div>
              <button
                type="button"
                className="btn-outline shrink-0"
                disabled={act.isPending}
                aria-label={`${m.status === 'SENT' ? 'Resend' : 'Retry'} mail ${m.subject} to ${m.to}`}
                onClick={() => void run(m)}
              >
                {m.status === 'SENT' ? 'Resend' : 'Retry now'}
              </button>
            </li>
          );
        })}
      </ul>
      {list.data && list.data.totalPages > 1 && (
        <Pagination page={list.data.number} totalPages={list.data.totalPages} onPageChange={setPage} />
      )}
    </section>
  );
}
