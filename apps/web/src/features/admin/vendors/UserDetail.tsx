import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { PLANS, PLAN_LABELS, type Plan, type User } from '@zevar/domain';
import { PayoutHistoryTable } from '../../../components/PayoutHistoryTable';
import { PageSpinner } from '../../../components/Spinner';
import { useDialog } from '../../../components/dialog/dialog-context';
import { formatDate, formatInr, formatLongDate, keepHyphens } from '../../../lib/format';
import { activeSubscription } from '../../../lib/vendor-plan';
import { isPayoutEligible } from './payout-eligibility';
import { USER_MSG } from './user-messages';
import { StatusBadge } from './UsersTable';
import { serverMessageOr } from '../../../lib/error-text';
import { usersApi } from './users-api';
import { AccountActions } from './AccountActions';
import { AuditHistory } from '../../../components/audit/AuditHistory';

export interface UserDetailProps {
  userId: number;
  onBack: () => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  onPayout: (user: User) => void;
}

/** Detail view of one vendor or admin, with its payouts. */
export function UserDetail({ userId, onBack, onEdit, onDelete, onPayout }: UserDetailProps) {
  const user = useQuery({ queryKey: ['admin-users', 'detail', userId], queryFn: () => usersApi.get(userId) });
  const u = user.data;
  return (
    <div className="space-y-6">
      <button type="button" className="btn-outline" onClick={onBack}>
        ← Back to List
      </button>
      {user.isError && <p className="card p-6 text-red-700">{USER_MSG.loadFailed}</p>}
      {!u && !user.isError && <PageSpinner label="Loading user..." />}
      {u && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="min-w-0 text-2xl font-semibold break-words">
              {keepHyphens(u.bussinessName ?? u.name)}
            </h2>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-outline" onClick={() => onEdit(u)}>
                Edit
              </button>
              <AccountActions user={u} />
              <button type="button" className="btn-danger" onClick={() => onDelete(u)}>
                Delete
              </button>
              {isPayoutEligible(u) && (
                <button type="button" className="btn-gold" onClick={() => onPayout(u)}>
                  Process Payout
                </button>
              )}
            </div>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card title="Basic Information">
              <Row label="ID">{u.id}</Row>
              <Row label="Name">{u.name}</Row>
              <Row label="Username">{u.username}</Row>
              <Row label="Email">{u.email}</Row>
              <Row label="Role">{u.type === 'vendor' ? 'Vendor' : 'Admin'}</Row>
              <Row label="Status">
                <StatusBadge active={u.active} />
              </Row>
              <Row label="Created At">{formatDate(u.createdAt)}</Row>
            </Card>
            {u.type === 'vendor' ? <VendorCards user={u} /> : <AdminCards user={u} />}
            <RolesCard user={u} />
          </div>
          {u.type === 'vendor' && <VendorPayouts vendorId={u.id} />}
          <div className="card p-4">
            <AuditHistory entityType="user" entityId={u.id} />
          </div>
        </>
      )}
    </div>
  );
}

function VendorCards({ user: u }: { user: User }) {
  const stats = u.vendorStats;
  const c = u.contact;
  const b = u.bankDetails;
  const sub = activeSubscription(u);
  return (
    <>
      <Card title="Vendor Statistics">
        <Row label="Products">{stats?.productCount ?? 0}</Row>
        <Row label="Orders">{stats?.orderCount ?? 0}</Row>
        <Row label="Commission earned">{formatInr(stats?.revenue ?? 0)}</Row>
        <Row label="Commission paid out">{formatInr(stats?.commissionPaidOut ?? 0)}</Row>
        <Row label="Sales">{formatInr(stats?.sales ?? 0)}</Row>
        <Row label="Last Order">{formatDate(stats?.lastOrderDate)}</Row>
        <Row label="Last Payout">{formatDate(stats?.lastPayOutDate)}</Row>
      </Card>
      <Card title="Contact Information">
        <Row label="Business Name">{u.bussinessName}</Row>
        <Row label="Shop">{u.slug ? `/${u.slug}` : ''}</Row>
        <Row label="Phone">{c?.phone}</Row>
        <Row label="Secondary Phone">{c?.secondaryPhone}</Row>
        <Row label="Address">
          {[c?.addressLine1, c?.addressLine2, c?.city, c?.state, c?.pincode].filter(Boolean).join(', ')}
        </Row>
        <Row label="Website">{u.website}</Row>
      </Card>
      <Card title="Subscription Details">
        <Row label="Current Plan">{PLAN_LABELS[u.plan ?? 'FREE']}</Row>
        <Row label="Subscription">
          {sub ? `Active until ${formatLongDate(sub.endDate)}` : 'No active subscription'}
        </Row>
        <PlanChanger user={u} />
      </Card>
      <Card title="Bank Details">
        <Row label="Account Holder Name">{b?.accountHolderName}</Row>
        <Row label="Account Number">{b?.accountNumber}</Row>
        <Row label="IFSC Code">{b?.ifscCode}</Row>
        <Row label="Bank Name">{b?.bankName}</Row>
      </Card>
    </>
  );
}

function AdminCards({ user: u }: { user: User }) {
  return (
    <>
      <Card title="Admin Details">
        <Row label="Username">{u.username}</Row>
        <Row label="Email">{u.email}</Row>
      </Card>
    </>
  );
}

function RolesCard({ user: u }: { user: User }) {
  return (
    <Card title="Roles" plain>
      {u.roles.length === 0 ? (
        <p className="py-2 text-sm text-taupe">
          {u.type === 'vendor' ? 'Vendor (no admin roles)' : 'No roles'}
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2 py-2">
          {u.roles.map((r) => (
            <li key={r} className="rounded-full bg-cream px-2 py-0.5 text-xs font-semibold">
              {r}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** POST /api/user/vendors/update-plan. */
function PlanChanger({ user }: { user: User }) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState<Plan>(user.plan ?? 'FREE');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await usersApi.updatePlan(user.id, plan);
      void queryClient.invalidateQueries({ queryKey: ['admin-users'] });
      void dialog.success('Success', USER_MSG.planUpdated);
    } catch (err) {
      void dialog.error('Error', serverMessageOr(err, USER_MSG.planUpdateFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2 pt-3">
      <label className="text-sm">
        <span className="label">Change plan</span>
        <select className="input" value={plan} onChange={(e) => setPlan(e.target.value as Plan)}>
          {PLANS.map((p) => (
            <option key={p} value={p}>
              {PLAN_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn-outline"
        disabled={busy || plan === (user.plan ?? 'FREE')}
        onClick={() => void save()}
      >
        Update Plan
      </button>
    </div>
  );
}

function VendorPayouts({ vendorId }: { vendorId: number }) {
  const payouts = useQuery({
    queryKey: ['vendor-payouts', vendorId],
    queryFn: async () => {
      try {
        return await usersApi.payouts(vendorId);
      } catch (err) {
        console.error('Failed to load payout history', err);
        return [];
      }
    },
  });
  return (
    <section aria-labelledby="detail-payouts" className="space-y-3">
      <h3 id="detail-payouts" className="text-xl font-semibold">
        Payout History
      </h3>
      {payouts.data ? (
        <PayoutHistoryTable payouts={payouts.data} caption="Payout history" />
      ) : (
        <PageSpinner />
      )}
    </section>
  );
}

function Card({ title, children, plain }: { title: string; children: ReactNode; plain?: boolean }) {
  return (
    <section className="card p-5">
      <h3 className="text-lg font-semibold">{title}</h3>
      {plain ? (
        <div className="mt-2">{children}</div>
      ) : (
        <dl className="mt-2 divide-y divide-sand/60">{children}</dl>
      )}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-3 py-2 text-sm">
      <dt className="text-taupe">{label}</dt>
      <dd className="col-span-2 break-words">
        {children === '' || children === null || children === undefined ? '—' : children}
      </dd>
    </div>
  );
}
