import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutRun } from '@zevar/domain';
import { PageSpinner } from '../../../components/Spinner';
import { useDialog } from '../../../components/dialog/dialog-context';
import { useLoadFailureDialog } from '../../../components/dialog/use-load-failure-dialog';
import { isReauthCancelled, useReauth } from '../../../components/reauth/reauth-context';
import { serverMessageOr } from '../../../lib/error-text';
import { formatDateTime, formatInr } from '../../../lib/format';
import { getUserId } from '../../../lib/storage';
import { BalancesPanel } from './BalancesPanel';
import { PayoutRunLines } from './PayoutRunLines';
import { StatementPanel } from './StatementPanel';
import { SETTLEMENT_MSG, settlementApi } from './settlement-api';

const RUN_STATUS_LABELS: Record<PayoutRun['status'], string> = {
  PENDING_APPROVAL: 'Awaiting approval',
  APPROVED: 'Approved',
  CANCELLED: 'Cancelled',
};

/**
 * Payout runs (issue 24 item 4): balances, a run for every payable reseller or the chosen ones, its
 * lines with TDS and GST on commission, maker-checker approval that sends the payouts, the manual
 * transfer's UTR, and each line's outcome.
 */
export default function PayoutRunsSection() {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [statementOf, setStatementOf] = useState<{ vendorId: number; vendorName: string } | null>(null);
  const runs = useQuery({ queryKey: ['payout-runs'], queryFn: settlementApi.runs });
  useLoadFailureDialog(runs.isError, SETTLEMENT_MSG.runsLoadFailed);

  const create = useMutation({
    mutationFn: (vendorIds?: number[]) => settlementApi.createRun(vendorIds),
    onSuccess: async (run) => {
      setChosen(new Set());
      await queryClient.invalidateQueries({ queryKey: ['payout-runs'] });
      void dialog.success(
        'Payout Run Created',
        `Payout run #${run.id}: ${run.lines.length} ${run.lines.length === 1 ? 'reseller' : 'resellers'}, ${formatInr(run.totalNet)} net. Nothing is paid until it is approved.`,
      );
    },
    onError: (err) => void dialog.error('Error', serverMessageOr(err, 'Failed to create the payout run')),
  });

  const toggle = (vendorId: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(vendorId)) next.delete(vendorId);
      else next.add(vendorId);
      return next;
    });

  return (
    <section aria-labelledby="payout-runs-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payout-runs-title" className="text-2xl font-semibold">
          Payout runs
        </h2>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-primary"
            disabled={create.isPending}
            onClick={() => create.mutate(undefined)}
          >
            Create run for all payable
          </button>
          <button
            type="button"
            className="btn-outline"
            disabled={create.isPending || chosen.size === 0}
            onClick={() => create.mutate([...chosen])}
          >
            Create run for chosen ({chosen.size})
          </button>
        </div>
      </div>
      <BalancesPanel chosen={chosen} onToggle={toggle} onStatement={setStatementOf} />
      {statementOf && <StatementPanel {...statementOf} onClose={() => setStatementOf(null)} />}
      <section aria-labelledby="runs-title" className="space-y-3">
        <h3 id="runs-title" className="text-xl font-semibold">
          Runs
        </h3>
        {runs.isPending && <PageSpinner label="Loading payout runs..." />}
        {runs.data?.length === 0 && (
          <p className="card p-6 text-center text-taupe">{SETTLEMENT_MSG.runsEmpty}</p>
        )}
        {runs.data?.map((run) => (
          <RunCard key={run.id} run={run} />
        ))}
      </section>
    </section>
  );
}

function RunCard({ run }: { run: PayoutRun }) {
  const dialog = useDialog();
  const reauth = useReauth();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['payout-runs'] }),
      queryClient.invalidateQueries({ queryKey: ['settlement'] }),
    ]);
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSettled: refresh,
    onError: (err) => {
      if (!isReauthCancelled(err))
        void dialog.error('Error', serverMessageOr(err, 'Failed to update the payout run'));
    },
  });
  const mine = run.createdById !== null && run.createdById === getUserId();
  const makerBlocked = run.needsSecondAdmin && mine;
  const pending = run.status === 'PENDING_APPROVAL';
  const titleId = `run-${run.id}`;

  const approve = async () => {
    const ok = await dialog.confirm(
      'Approve Payout Run',
      `Approve payout run #${run.id} and pay ${formatInr(run.totalNet)} to ${run.lines.length} ${run.lines.length === 1 ? 'reseller' : 'resellers'}? ${run.provider === 'manual' ? 'Transfer each amount from the bank and record its UTR here.' : 'The payouts are sent at once.'}`,
      { confirmLabel: 'Approve and pay' },
    );
    if (ok) act.mutate(() => reauth(() => settlementApi.approveRun(run.id)));
  };
  const cancel = async () => {
    const ok = await dialog.confirm('Cancel Payout Run', `Cancel payout run #${run.id}? Nothing is paid.`, {
      confirmLabel: 'Cancel run',
      cancelLabel: 'Keep',
    });
    if (ok) act.mutate(() => settlementApi.cancelRun(run.id));
  };

  return (
    <article aria-labelledby={titleId} className="card space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h4 id={titleId} className="text-lg font-semibold">
            Payout run #{run.id} · {RUN_STATUS_LABELS[run.status]}
          </h4>
          <p className="text-sm text-taupe">
            Created {formatDateTime(run.createdAt)}
            {run.createdBy ? ` by ${run.createdBy}` : ''}
            {run.approvedAt ? ` · approved ${formatDateTime(run.approvedAt)}` : ''}
            {run.approvedBy ? ` by ${run.approvedBy}` : ''}
          </p>
        </div>
        <p className="text-right">
          <span className="block text-xs text-taupe uppercase">Net total</span>
          <strong className="text-lg tabular-nums">{formatInr(run.totalNet)}</strong>
        </p>
      </div>
      {pending && run.needsSecondAdmin && (
        <p role="note" className="rounded bg-amber-50 p-3 text-sm text-amber-900">
          Above {formatInr(run.approvalAboveRupees, 0)}: a second admin must approve this run.
          {makerBlocked && ' You created it, so another admin must approve it.'}
        </p>
      )}
      <PayoutRunLines
        run={run}
        busy={act.isPending}
        onUtr={(payoutId, utr) => act.mutateAsync(() => settlementApi.recordUtr(payoutId, utr))}
      />
      {run.skipped.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-taupe">
            {run.skipped.length} {run.skipped.length === 1 ? 'reseller' : 'resellers'} left out
          </summary>
          <ul className="mt-1 list-disc pl-5">
            {run.skipped.map((s) => (
              <li key={s.vendorId}>
                {s.vendorName}: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {pending && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-primary"
            disabled={act.isPending || makerBlocked || run.lines.length === 0}
            onClick={() => void approve()}
          >
            Approve and pay
          </button>
          <button
            type="button"
            className="btn-outline"
            disabled={act.isPending}
            onClick={() => void cancel()}
          >
            Cancel run
          </button>
        </div>
      )}
    </article>
  );
}
