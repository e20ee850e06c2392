import type { MouseEvent } from 'react';
import { PLAN_LABELS, type User } from '@zevar/domain';
import { formatDate, keepHyphens } from '../../../lib/format';
import { isPayoutEligible } from './payout-eligibility';

export interface UserRowActions {
  onOpen: (user: User) => void;
  onEdit: (user: User) => void;
  onToggle: (user: User) => void;
  onDelete: (user: User) => void;
  onPayout: (user: User) => void;
}

export function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
        active ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'
      }`}
    >
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}

/** ID, Name/Plan, Email, Role, Status, Created At, Actions; a click on a row opens the detail view. */
export function UsersTable({ users, actions }: { users: readonly User[]; actions: UserRowActions }) {
  return (
    <div className="card overflow-x-auto">
      <table className="w-full min-w-[52rem] text-left text-sm">
        <thead className="bg-cream text-xs tracking-wider text-taupe uppercase">
          <tr>
            {['ID', 'Name/Plan', 'Email', 'Role', 'Status', 'Created At', 'Actions'].map((c) => (
              <th key={c} scope="col" className="px-4 py-3 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand">
          {users.map((u) => (
            <tr key={u.id} className="cursor-pointer hover:bg-cream/60" onClick={() => actions.onOpen(u)}>
              <td className="px-4 py-3">{u.id}</td>
              <td className="px-4 py-3">
                <button
                  type="button"
                  className="text-left font-semibold text-ink hover:text-gold-800"
                  onClick={(e) => {
                    e.stopPropagation();
                    actions.onOpen(u);
                  }}
                >
                  {keepHyphens(u.name)}
                </button>
                {u.type === 'vendor' && (
                  <span className="block text-xs text-taupe">{PLAN_LABELS[u.plan ?? 'FREE']} plan</span>
                )}
              </td>
              <td className="px-4 py-3 break-all">{u.email}</td>
              <td className="px-4 py-3">{u.type === 'vendor' ? 'Vendor' : 'Admin'}</td>
              <td className="px-4 py-3">
                <StatusBadge active={u.active} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(u.createdAt)}</td>
              <td className="px-4 py-3">
                <RowActions user={u} actions={actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowActions({ user, actions }: { user: User; actions: UserRowActions }) {
  const stop = (fn: (u: User) => void) => (e: MouseEvent) => {
    e.stopPropagation();
    fn(user);
  };
  return (
    <div className="flex flex-wrap gap-1">
      <button
        type="button"
        className="btn-ghost px-2 py-1 text-xs"
        aria-label={`Edit ${user.name}`}
        onClick={stop(actions.onEdit)}
      >
        Edit
      </button>
      <button
        type="button"
        className="btn-ghost px-2 py-1 text-xs"
        aria-label={`${user.active ? 'Deactivate' : 'Activate'} ${user.name}`}
        onClick={stop(actions.onToggle)}
      >
        {user.active ? 'Deactivate' : 'Activate'}
      </button>
      <button
        type="button"
        className="btn-ghost px-2 py-1 text-xs text-red-700"
        aria-label={`Delete ${user.name}`}
        onClick={stop(actions.onDelete)}
      >
        Delete
      </button>
      {isPayoutEligible(user) && <PayoutButton onClick={stop(actions.onPayout)} />}
    </div>
  );
}

function PayoutButton({ onClick }: { onClick: (e: MouseEvent) => void }) {
  return (
    <button type="button" className="btn-gold px-2 py-1 text-xs" onClick={onClick}>
      Process Payout
    </button>
  );
}
