import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '../../../components/Spinner';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { useLoadFailureDialog } from '../../../components/dialog/use-load-failure-dialog';
import { formatInr } from '../../../lib/format';
import { SETTLEMENT_MSG, settlementApi } from './settlement-api';

/**
 * Every reseller's balance (held, payable, owed) and what the marketplace owes resellers in all; the
 * admin picks resellers for a payout run here and opens a reseller's statement.
 */
export function BalancesPanel({
  chosen,
  onToggle,
  onStatement,
}: {
  chosen: ReadonlySet<number>;
  onToggle: (vendorId: number) => void;
  onStatement: (vendor: { vendorId: number; vendorName: string }) => void;
}) {
  const balances = useQuery({ queryKey: ['settlement', 'balances'], queryFn: settlementApi.balances });
  useLoadFailureDialog(balances.isError, SETTLEMENT_MSG.balancesLoadFailed);
  if (balances.isPending) return <PageSpinner label="Loading balances..." />;
  if (!balances.data) return null;
  const { vendors, totalLiability } = balances.data;
  return (
    <section aria-labelledby="balances-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="balances-title" className="text-xl font-semibold">
          Balances
        </h3>
        <p className="text-sm">
          Total liability: <strong className="tabular-nums">{formatInr(totalLiability)}</strong>
        </p>
      </div>
      {vendors.length === 0 ? (
        <p className="card p-6 text-center text-taupe">No reseller has earned commission yet</p>
      ) : (
        <StackedTable
          headers={['Include', 'Reseller', 'Held', 'Payable', 'Owed', 'Actions']}
          minWidth="sm:min-w-[640px]"
        >
          {vendors.map((v) => (
            <StackedRow key={v.vendorId}>
              <StackedCell>
                <input
                  type="checkbox"
                  className="size-4"
                  aria-label={`Include ${v.vendorName} in the run`}
                  checked={chosen.has(v.vendorId)}
                  disabled={v.payable <= 0}
                  onChange={() => onToggle(v.vendorId)}
                />
              </StackedCell>
              <StackedCell label="Reseller">
                <span className="font-semibold">{v.vendorName}</span>
              </StackedCell>
              <StackedCell label="Held">
                <span className="tabular-nums">{formatInr(v.held)}</span>
              </StackedCell>
              <StackedCell label="Payable">
                <span className="tabular-nums">{formatInr(Math.max(0, v.payable))}</span>
              </StackedCell>
              <StackedCell label="Owed">
                <span className={`tabular-nums ${v.owed > 0 ? 'font-semibold text-red-700' : ''}`}>
                  {formatInr(v.owed)}
                </span>
              </StackedCell>
              <StackedCell>
                <button
                  type="button"
                  className="btn-outline"
                  aria-label={`Statement of ${v.vendorName}`}
                  onClick={() => onStatement(v)}
                >
                  Statement
                </button>
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
    </section>
  );
}
