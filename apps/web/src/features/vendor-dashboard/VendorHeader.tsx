import { Link } from 'react-router';
import { PLAN_LABELS, type User } from '@zevar/domain';
import { formatLongDate, keepHyphens } from '../../lib/format';
import { activeSubscription, currentPlan } from '../../lib/vendor-plan';

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2zM10 20a2 2 0 0 0 4 0" strokeLinejoin="round" />
    </svg>
  );
}

function GearIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" />
    </svg>
  );
}

export interface VendorHeaderProps {
  vendor: User;
  onUpgrade: () => void;
  onNotifications: () => void;
  onSettings: () => void;
  onLogout: () => void;
}

/** Vendor name, current plan, subscription expiry and the header actions. */
export function VendorHeader({
  vendor,
  onUpgrade,
  onNotifications,
  onSettings,
  onLogout,
}: VendorHeaderProps) {
  const plan = currentPlan(vendor);
  const subscription = activeSubscription(vendor);
  return (
    <header className="border-b border-sand bg-ink text-ivory">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="text-xs tracking-[0.2em] text-gold-200 uppercase">Vendor Dashboard</p>
          <h1 className="mt-1 text-2xl font-semibold break-words text-ivory sm:text-3xl">
            {keepHyphens(vendor.name)}
          </h1>
          <p className="mt-1 text-sm text-ivory/80">
            <span>
              Current plan: <strong className="text-gold-200">{PLAN_LABELS[plan]}</strong>
            </span>
            {subscription?.endDate && (
              <span className="ml-3">Valid until {formatLongDate(subscription.endDate)}</span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn bg-gold-300 text-ink hover:bg-gold-200" onClick={onUpgrade}>
            Upgrade Plan
          </button>
          <button
            type="button"
            aria-label="Notifications"
            className="rounded-full p-2 text-ivory hover:bg-ivory/10"
            onClick={onNotifications}
          >
            <BellIcon />
          </button>
          <button
            type="button"
            aria-label="Settings"
            className="rounded-full p-2 text-ivory hover:bg-ivory/10"
            onClick={onSettings}
          >
            <GearIcon />
          </button>
          <Link to="/account/password" className="btn text-ivory hover:bg-ivory/10">
            Change Password
          </Link>
          <Link to="/account/security" className="btn text-ivory hover:bg-ivory/10">
            Security
          </Link>
          <button
            type="button"
            className="btn border border-ivory/40 text-ivory hover:bg-ivory/10"
            onClick={onLogout}
          >
            Logout
          </button>
        </div>
      </div>
    </header>
  );
}
