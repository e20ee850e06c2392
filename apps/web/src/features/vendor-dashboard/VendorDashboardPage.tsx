import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MSG, userSchema, type User } from '@zevar/domain';
import { useDialog } from '../../components/dialog/dialog-context';
import { PageSpinner } from '../../components/Spinner';
import { api } from '../../lib/api';
import { getUserId } from '../../lib/storage';
import { signOut } from '../../lib/session-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import AllProductsTab from './AllProductsTab';
import PayoutHistoryTab from './PayoutHistoryTab';
import VendorOrdersTab from './VendorOrdersTab';
import QuotesTab from './QuotesTab';
import AnalyticsTab from './AnalyticsTab';
import StatementTab from './StatementTab';
import KycTab from './KycTab';
import ShopFaceTab from './ShopFaceTab';
import PlanSelector from './PlanSelector';
import ProfileEdit from './ProfileEdit';
import { ProfileView } from './ProfileView';
import { StatCards } from './StatCards';
import { VendorHeader } from './VendorHeader';
import { ProcessingDialog } from './ProcessingDialog';
import { useSubscription } from './use-subscription';
import { confirmLeavingForms } from '../../components/unsaved-changes';
import { currentPlan } from '../../lib/vendor-plan';
import { UploadProgressProvider } from '../../components/upload/UploadProgressProvider';

const TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'shopFace', label: 'Shop face' },
  { key: 'allProducts', label: 'All Products' },
  { key: 'quotes', label: 'Quotes' },
  { key: 'analytics', label: 'Analytics' },
  { key: 'orders', label: 'Orders' },
  { key: 'payouts', label: 'Payout History' },
  { key: 'statement', label: 'Statement' },
  { key: 'kyc', label: 'Payouts & KYC' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export const vendorQueryKey = (userId: number | null) => ['user', userId] as const;

/** GET /api/user/{stored userId}. */
function fetchVendor(userId: number | null): Promise<User> {
  if (userId === null) return Promise.reject(new Error('No stored user id'));
  return api.get(`/user/${userId}`, { schema: userSchema });
}

/** The vendor's dashboard, with the image uploads its sections make (not part of a shopper's first load). */
export default function VendorDashboardPage() {
  return (
    <UploadProgressProvider>
      <VendorDashboard />
    </UploadProgressProvider>
  );
}

function VendorDashboard() {
  const navigate = useNavigate();
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [userId] = useState(getUserId);
  const vendor = useQuery({
    queryKey: vendorQueryKey(userId),
    queryFn: () => fetchVendor(userId),
    retry: false,
  });
  const [tab, setTab] = useState<TabKey>('profile');
  const [editing, setEditing] = useState(false);
  const [choosingPlan, setChoosingPlan] = useState(false);
  useDocumentTitle('Vendor Dashboard');
  const reloadVendor = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: vendorQueryKey(userId) }),
    [queryClient, userId],
  );
  const subscription = useSubscription(reloadVendor);

  useEffect(() => {
    if (!vendor.isError) return;
    console.error('Failed to load vendor details', vendor.error);
    void dialog.error(MSG.errorTitle, MSG.vendorLoadFailed);
    void navigate('/login', { replace: true });
  }, [vendor.isError, vendor.error, dialog, navigate]);

  if (!vendor.data) return <PageSpinner label="Loading your dashboard..." />;
  const data = vendor.data;

  const onLogout = async () => {
    if (!(await confirmLeavingForms(dialog))) return;
    await signOut();
    void navigate('/login', { replace: true });
  };
  const onTab = async (next: TabKey) => {
    if (next !== tab && (await confirmLeavingForms(dialog))) setTab(next);
  };

  return (
    <div className="min-h-dvh bg-ivory">
      <VendorHeader
        vendor={data}
        onUpgrade={() => setChoosingPlan(true)}
        onNotifications={() => void dialog.success('Notifications', 'You have no new notifications.')}
        onSettings={() => {
          setTab('profile');
          setEditing(true);
        }}
        onLogout={() => void onLogout()}
      />
      <main className="mx-auto max-w-7xl space-y-8 px-4 py-8">
        <StatCards vendor={data} />
        <Tabs current={tab} onChange={(next) => void onTab(next)}>
          {tab === 'profile' &&
            (editing ? (
              <ProfileEdit
                vendor={data}
                onCancel={() => setEditing(false)}
                onSaved={(updated) => {
                  queryClient.setQueryData(vendorQueryKey(userId), updated);
                  setEditing(false);
                  reloadVendor();
                }}
              />
            ) : (
              <ProfileView vendor={data} onEdit={() => setEditing(true)} />
            ))}
          {tab === 'shopFace' && <ShopFaceTab vendor={data} />}
          {tab === 'allProducts' && <AllProductsTab vendor={data} />}
          {tab === 'quotes' && <QuotesTab vendor={data} />}
          {tab === 'analytics' && <AnalyticsTab vendor={data} />}
          {tab === 'orders' && <VendorOrdersTab vendor={data} />}
          {tab === 'payouts' && <PayoutHistoryTab vendor={data} />}
          {tab === 'statement' && <StatementTab vendor={data} />}
          {tab === 'kyc' && <KycTab vendor={data} />}
        </Tabs>
      </main>
      {choosingPlan && (
        <PlanSelector
          currentPlan={currentPlan(data)}
          onClose={() => setChoosingPlan(false)}
          onConfirm={(choice) => {
            setChoosingPlan(false);
            void subscription.subscribe(data, choice);
          }}
        />
      )}
      {subscription.processing && <ProcessingDialog />}
    </div>
  );
}

/** WAI-ARIA tabs: arrow keys move between tabs, the panel is labelled by its tab. */
function Tabs({
  current,
  onChange,
  children,
}: {
  current: TabKey;
  onChange: (tab: TabKey) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  const refs = useRef<Partial<Record<TabKey, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.key === current);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(index + step + TABS.length) % TABS.length];
    if (!next) return;
    onChange(next.key);
    refs.current[next.key]?.focus();
  };
  return (
    <div>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- roving tabindex (WAI-ARIA tabs): the tabs take focus, the list handles their arrow keys */}
      <div
        role="tablist"
        aria-label="Dashboard"
        className="flex gap-1 overflow-x-auto border-b border-sand"
        onKeyDown={onKeyDown}
      >
        {TABS.map((t) => {
          const selected = t.key === current;
          return (
            <button
              key={t.key}
              ref={(el) => {
                refs.current[t.key] = el;
              }}
              id={`${baseId}-${t.key}-tab`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(t.key)}
              className={`-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
                selected ? 'border-gold-700 text-ink' : 'border-transparent text-taupe hover:text-ink'
              }`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${current}-tab`}
        className="pt-6"
      >
        {children}
      </div>
    </div>
  );
}
