import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Pagination } from '../../../components/Pagination';
import { PageSpinner } from '../../../components/Spinner';
import { useDialog } from '../../../components/dialog/dialog-context';
import { formatDateTime } from '../../../lib/format';
import { JOB_LABELS, JOBS_MSG, jobsApi } from './jobs-api';
import { MailOutbox } from './MailOutbox';

/** Background jobs: the runs that failed after all their retries, newest first. */
export default function JobsSection() {
  const dialog = useDialog();
  const [page, setPage] = useState(0);
  const failed = useQuery({ queryKey: ['jobs', 'failed', page], queryFn: () => jobsApi.failed(page) });

  useEffect(() => {
    if (failed.isError) void dialog.error('Error', JOBS_MSG.loadFailed);
  }, [failed.isError, dialog]);

  return (
    <section aria-labelledby="jobs-title" className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="jobs-title" className="text-2xl font-semibold">
          Background Jobs
        </h2>
        <button type="button" className="btn-outline" onClick={() => void failed.refetch()}>
          Refresh
        </button>
      </div>
      <p className="text-sm text-taupe">
        Payment reconciliation, email delivery and subscription expiry run in the background and are retried
        when they fail. Runs that failed after every retry are listed here.
      </p>
      {failed.isPending && <PageSpinner label="Loading background jobs..." />}
      {failed.data?.content.length === 0 && (
        <p className="card p-6 text-center text-taupe">{JOBS_MSG.empty}</p>
      )}
      <ul className="space-y-3">
        {failed.data?.content.map((job) => (
          <li key={job.id} className="card space-y-1 p-4">
            <p className="font-semibold break-words">{JOB_LABELS[job.name] ?? job.name}</p>
            <p className="text-sm text-taupe">
              Failed {formatDateTime(job.failedAt)} after {job.retryCount}{' '}
              {job.retryCount === 1 ? 'retry' : 'retries'}
            </p>
            <p className="text-sm break-words text-red-700">{job.error || 'No error message'}</p>
          </li>
        ))}
      </ul>
      {failed.data && failed.data.totalPages > 1 && (
        <Pagination page={failed.data.number} totalPages={failed.data.totalPages} onPageChange={setPage} />
      )}
      <MailOutbox />
    </section>
  );
}
