import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { hasPermission } from '../../lib/storage';
import { auditApi, AUDIT_TEXT } from '../../lib/audit-api';
import { formatDateTime } from '../../lib/format';
import { Pagination } from '../Pagination';
import { Spinner } from '../Spinner';
import { AuditChanges, actionLabel, actorName } from './AuditChanges';

const PAGE_SIZE = 5;

/**
 * An entity's own audit trail (a product, order, vendor or coupon screen): who changed what, when and
 * from where, newest first. Shown only to admins with VIEW_AUDIT.
 */
export function AuditHistory({ entityType, entityId }: { entityType: string; entityId: string | number }) {
  if (!hasPermission('VIEW_AUDIT')) return null;
  return <HistoryList entityType={entityType} entityId={String(entityId)} />;
}

function HistoryList({ entityType, entityId }: { entityType: string; entityId: string }) {
  const [page, setPage] = useState(0);
  const history = useQuery({
    queryKey: ['audit', entityType, entityId, page],
    queryFn: () => auditApi.search({ entityType, entityId, page, size: PAGE_SIZE }),
    // Opened again after a save: the save is in it.
    refetchOnMount: 'always',
  });
  return (
    <section aria-labelledby={`history-${entityType}-${entityId}`} className="space-y-2">
      <h3 id={`history-${entityType}-${entityId}`} className="text-lg font-semibold">
        History
      </h3>
      {history.isPending && <Spinner label="Loading history..." />}
      {history.isError && <p className="text-sm text-red-700">{AUDIT_TEXT.loadFailed}</p>}
      {history.data?.totalElements === 0 && <p className="text-sm text-taupe">{AUDIT_TEXT.historyEmpty}</p>}
      <ol className="space-y-2">
        {history.data?.content.map((record) => (
          <li key={record.id} className="rounded-lg border border-sand bg-white p-3 text-sm">
            <p className="mb-1 flex flex-wrap gap-x-2">
              <span className="font-semibold">{actionLabel(record.action)}</span>
              <span className="text-taupe">{formatDateTime(record.at)}</span>
            </p>
            <p className="mb-2 text-xs break-words text-taupe">
              {actorName(record)} · {record.clientAddress ?? 'unknown address'}
            </p>
            <AuditChanges record={record} />
          </li>
        ))}
      </ol>
      {history.data && <Pagination page={page} totalPages={history.data.totalPages} onPageChange={setPage} />}
    </section>
  );
}
