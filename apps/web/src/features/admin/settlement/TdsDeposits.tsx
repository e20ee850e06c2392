import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TdsMonth } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/FormFields';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { useDialog } from '../../../components/dialog/dialog-context';
import { useLoadFailureDialog } from '../../../components/dialog/use-load-failure-dialog';
import { isApiError } from '../../../lib/api';
import { serverMessageOr } from '../../../lib/error-text';
import { formatDate, formatInr } from '../../../lib/format';
import { SETTLEMENT_MSG, settlementApi } from './settlement-api';

const STATUS: Record<TdsMonth['status'], { label: string; tone: string }> = {
  NONE: { label: 'Nothing deducted', tone: 'text-taupe' },
  DEPOSITED: { label: 'Deposited', tone: 'bg-emerald-100 text-emerald-900' },
  DUE: { label: 'Due', tone: 'bg-amber-100 text-amber-900' },
  OVERDUE: { label: 'Overdue', tone: 'bg-red-100 text-red-800' },
};

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

type Recording = { month: string; section: string; amount: number | null };
type Field = 'bsrCode' | 'challanSerial' | 'depositedOn' | 'amount';

/**
 * Records a challan (ITNS 281) for one month and section: the bank's BSR code, the challan's serial
 * number, the deposit date and the amount, which the server checks against the deductions it pays.
 */
function ChallanDialog({
  recording,
  fy,
  onClose,
}: {
  recording: Recording;
  fy: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const first = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const dialog = useDialog();
  const [values, setValues] = useState({
    bsrCode: '',
    challanSerial: '',
    depositedOn: '',
    amount: recording.amount === null ? '' : String(recording.amount),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState('');
  const save = useMutation({
    mutationFn: () =>
      settlementApi.recordTdsChallan({
        bsrCode: values.bsrCode,
        challanSerial: values.challanSerial,
        depositedOn: values.depositedOn,
        amount: Number(values.amount),
        month: recording.month,
        section: recording.section,
      }),
    onSuccess: async (challan) => {
      await queryClient.invalidateQueries({ queryKey: ['tds'] });
      await queryClient.invalidateQueries({ queryKey: ['tds-months', fy] });
      onClose();
      void dialog.success(
        'Success',
        `Challan ${challan.challanSerial} recorded: ${formatInr(challan.amount)} deposited for ${monthName(recording.month)}.`,
      );
    },
    onError: (err) => {
      const fields = isApiError(err)
        ? err.issues.filter((i): i is typeof i & { path: Field } =>
            ['bsrCode', 'challanSerial', 'depositedOn', 'amount'].includes(i.path),
          )
        : [];
      setErrors(Object.fromEntries(fields.map((i) => [i.path, i.message])));
      setFailure(fields.length ? '' : serverMessageOr(err, 'Failed to record the challan'));
    },
  });
  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  return (
    <Modal labelledBy={titleId} onDismiss={onClose} initialFocus={first}>
      <h2 id={titleId} className="text-2xl font-semibold">
        Record challan
      </h2>
      <p className="mt-2 text-sm text-taupe">
        Tax deducted in {monthName(recording.month)} under section {recording.section}. The amount must equal
        the deductions not yet deposited, to the paisa.
      </p>
      <form
        noValidate
        aria-label="Record challan"
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          setFailure('');
          save.mutate();
        }}
      >
        <TextField
          ref={first}
          label="BSR code"
          required
          inputMode="numeric"
          maxLength={7}
          {...field('bsrCode')}
        />
        <TextField
          label="Challan serial number"
          required
          inputMode="numeric"
          maxLength={5}
          {...field('challanSerial')}
        />
        <TextField label="Deposit date" required type="date" {...field('depositedOn')} />
        <TextField label="Amount (₹)" required type="number" step="0.01" min="0" {...field('amount')} />
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Record challan'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The year's TDS month by month (deducted, deposited, due by the 7th) and the challans recorded. */
export function TdsDeposits({ fy }: { fy: string }) {
  const months = useQuery({ queryKey: ['tds-months', fy], queryFn: () => settlementApi.tdsMonths(fy) });
  useLoadFailureDialog(months.isError, SETTLEMENT_MSG.tdsMonthsLoadFailed);
  const [recording, setRecording] = useState<Recording | null>(null);
  const shown = (months.data?.months ?? []).filter((m) => m.status !== 'NONE');
  return (
    <section aria-labelledby="tds-deposits-title" className="space-y-3">
      <h3 id="tds-deposits-title" className="text-xl font-semibold">
        Deposits
      </h3>
      {months.data && shown.length === 0 && (
        <p className="card p-4 text-center text-sm text-taupe">{SETTLEMENT_MSG.tdsNothingToDeposit}</p>
      )}
      {shown.length > 0 && (
        <StackedTable
          headers={['Month', 'Deducted', 'Deposited', 'Due', 'Due by', 'Status', '']}
          minWidth="sm:min-w-[760px]"
        >
          {shown.map((m) => (
            <StackedRow key={m.month}>
              <StackedCell label="Month">
                <span className="font-semibold">{monthName(m.month)}</span>
              </StackedCell>
              <StackedCell label="Deducted">
                <span className="tabular-nums">{formatInr(m.deducted)}</span>
              </StackedCell>
              <StackedCell label="Deposited">
                <span className="tabular-nums">{formatInr(m.deposited)}</span>
              </StackedCell>
              <StackedCell label="Due">
                <strong className="tabular-nums">{formatInr(m.due)}</strong>
              </StackedCell>
              <StackedCell label="Due by">{formatDate(m.dueOn)}</StackedCell>
              <StackedCell label="Status">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS[m.status].tone}`}>
                  {STATUS[m.status].label}
                </span>
              </StackedCell>
              <StackedCell label="">
                {m.sectionsDue.map((section) => (
                  <button
                    key={section}
                    type="button"
                    className="btn-outline px-3 py-1 text-sm"
                    onClick={() =>
                      setRecording({
                        month: m.month,
                        section,
                        amount: m.sectionsDue.length === 1 ? m.due : null,
                      })
                    }
                  >
                    Record challan
                    <span className="sr-only">
                      {' '}
                      for {monthName(m.month)}, section {section}
                    </span>
                  </button>
                ))}
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      {(months.data?.challans.length ?? 0) > 0 && (
        <ul
          aria-label="Challans"
          className="divide-y divide-sand rounded-lg border border-sand bg-white text-sm"
        >
          {months.data!.challans.map((c) => (
            <li key={c.id} className="flex flex-wrap justify-between gap-2 p-3">
              <span>
                Challan {c.challanSerial} · BSR {c.bsrCode} · deposited {formatDate(c.depositedOn)}
              </span>
              <span>
                {monthName(c.month)} · {c.section} · {c.deductions}{' '}
                {c.deductions === 1 ? 'deduction' : 'deductions'} ·{' '}
                <strong className="tabular-nums">{formatInr(c.amount)}</strong>
              </span>
            </li>
          ))}
        </ul>
      )}
      {recording && <ChallanDialog recording={recording} fy={fy} onClose={() => setRecording(null)} />}
    </section>
  );
}
