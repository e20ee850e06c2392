import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditQuery } from '@zevar/domain';
import { Pagination } from '../../../components/Pagination';
import { PageSpinner } from '../../../components/Spinner';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { AuditChanges, actionLabel, actorName } from '../../../components/audit/AuditChanges';
import { auditApi, AUDIT_TEXT } from '../../../lib/audit-api';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';

const HEADERS = ['When', 'Who', 'Address', 'Action', 'Entity', 'Changes'] as const;
const PAGE_SIZE = 20;

type Filters = {
  person: string;
  entityType: string;
  entityId: string;
  action: string;
  from: string;
  to: string;
};
const NO_FILTERS: Filters = { person: '', entityType: '', entityId: '', action: '', from: '', to: '' };

/** Only the filters given: an empty field filters nothing. */
function toQuery(f: Filters, page: number): Partial<AuditQuery> {
  const given = Object.fromEntries(Object.entries(f).filter(([, v]) => v.trim() !== ''));
  return { ...given, page, size: PAGE_SIZE };
}

/** Audit trail (VIEW_AUDIT): who changed what, when and from where, searched by person, entity, action and date. */
export default function AuditSection() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: ['audit', 'search', filters, page],
    queryFn: () => auditApi.search(toQuery(filters, page)),
    placeholderData: keepPreviousData,
  });
  const field = (name: keyof Filters) => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setPage(0);
  };
  const data = list.data;
  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <h2 id="audit-title" className="text-2xl font-semibold">
        Audit trail
      </h2>
      <p className="text-sm text-taupe">
        Every change made by staff and vendors: who, when, from which address, and the fields before and
        after. Records cannot be edited or deleted.
      </p>
      <form
        onSubmit={submit}
        className="card grid gap-3 p-4 sm:grid-cols-3"
        aria-label="Search the audit trail"
      >
        <label className="flex flex-col text-sm">
          Person (email or name)
          <input className="input" type="search" maxLength={100} {...field('person')} />
        </label>
        <label className="flex flex-col text-sm">
          Entity
          <select className="input" {...field('entityType')}>
            <option value="">Any</option>
            {AUDIT_ENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {type.replace(/-/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          Entity id
          <input className="input" maxLength={100} {...field('entityId')} />
        </label>
        <label className="flex flex-col text-sm">
          Action
          <select className="input" {...field('action')}>
            <option value="">Any</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action.replace(/-/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          From
          <input className="input" type="date" {...field('from')} />
        </label>
        <label className="flex flex-col text-sm">
          To
          <input className="input" type="date" {...field('to')} />
        </label>
        <div className="flex gap-2 sm:col-span-3">
          <button type="submit" className="btn-primary">
            Search
          </button>
          <button
            type="button"
            className="btn-outline"
            onClick={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
              setPage(0);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      {list.isPending && <PageSpinner label="Loading the audit trail..." />}
      {list.isError && (
        <p className="card p-6 text-center text-red-700">
          {AUDIT_TEXT.loadFailed}: {errorMessage(list.error)}
        </p>
      )}
      {data?.totalElements === 0 && <p className="card p-6 text-center text-taupe">{AUDIT_TEXT.empty}</p>}
      {data && data.content.length > 0 && (
        <>
          <p className="text-sm text-taupe">{data.totalElements} records</p>
          <StackedTable headers={HEADERS} minWidth="sm:min-w-[60rem]">
            {data.content.map((r) => (
              <StackedRow key={r.id}>
                <StackedCell label="When" className="whitespace-nowrap">
                  {formatDateTime(r.at)}
                </StackedCell>
                <StackedCell label="Who" className="break-words">
                  {actorName(r)}
                </StackedCell>
                <StackedCell label="Address" className="font-mono text-xs">
                  {r.clientAddress ?? '—'}
                </StackedCell>
                <StackedCell label="Action">
                  <span>{actionLabel(r.action)}</span>
                  <span className="block font-mono text-xs text-taupe">
                    {r.method} {r.route}
                  </span>
                </StackedCell>
                <StackedCell label="Entity">
                  {r.entityType} {r.entityId && <span className="font-mono">#{r.entityId}</span>}
                </StackedCell>
                <StackedCell label="Changes" className="sm:min-w-[18rem]">
                  <AuditChanges record={r} />
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        </>
      )}
      {data && <Pagination page={page} totalPages={data.totalPages} onPageChange={setPage} />}
    </section>
  );
}
