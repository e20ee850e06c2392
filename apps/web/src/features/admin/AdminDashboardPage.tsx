import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { todayGroupsFor, type AdminSectionKey } from '@zevar/domain';
import { PageSpinner } from '../../components/Spinner';
import { UploadProgressProvider } from '../../components/upload/UploadProgressProvider';
import { useDialog } from '../../components/dialog/dialog-context';
import { confirmLeavingForms } from '../../components/unsaved-changes';
import { api, isApiError } from '../../lib/api';
import { getUserId, getUserRoles, isAuthenticated, isUserType } from '../../lib/storage';
import { signOut } from '../../lib/session-api';
import { ReauthProvider } from '../../components/reauth/ReauthProvider';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useKeptOnSessionEnd } from '../../lib/session-restore';
import { SECTION_COMPONENTS, allowedSections, pickSection, type AdminSection } from './sections';
import { SectionPresetContext } from '../../lib/section-preset';
import { TodayPanel } from './today/TodayPanel';

/** Who is signed in, for the header (the answer is the admin's own account). */
const signedInSchema = z.object({ name: z.string(), username: z.string(), email: z.string() });

type DashboardProps = {
  initialSection?: AdminSectionKey;
  /** What each section shows: the features' own sections, or stand-ins in the dashboard's tests. */
  sections?: Record<AdminSectionKey, ComponentType>;
};

/** Admin dashboard, with the image uploads its sections make (not part of a shopper's first load). */
export default function AdminDashboardPage({
  initialSection,
  sections = SECTION_COMPONENTS,
}: DashboardProps) {
  return (
    <UploadProgressProvider>
      <ReauthProvider>
        <AdminDashboard initialSection={initialSection} sections={sections} />
      </ReauthProvider>
    </UploadProgressProvider>
  );
}

/** Side navigation of the sections the stored roles allow, one section at a time. */
function AdminDashboard({
  initialSection,
  sections,
}: DashboardProps & { sections: Record<AdminSectionKey, ComponentType> }) {
  const navigate = useNavigate();
  const [allowed] = useState(() => allowedSections(getUserRoles()));
  const [hasToday] = useState(() => todayGroupsFor(getUserRoles()).length > 0);
  // A Today tile links to `?section=…&<filter>`: the section opens with that filter.
  const [params, setParams] = useSearchParams();
  const linked = (params.get('section') ?? undefined) as AdminSectionKey | undefined;
  const [selected, setSelected] = useState(() => pickSection(allowed, initialSection ?? linked));
  // The home (no section asked for) opens on the day's figures, above the default section.
  const [showToday, setShowToday] = useState(() => hasToday && !initialSection && !linked);
  useEffect(() => {
    if (!linked) return;
    setSelected(pickSection(allowed, linked));
    setShowToday(false);
  }, [linked, params, allowed]);
  // An expired session comes back to the same section after sign-in.
  useKeptOnSessionEnd('admin.section', selected ?? undefined, (key: AdminSectionKey) =>
    setSelected(pickSection(allowed, key)),
  );
  const current = allowed.find((section) => section.key === selected);
  const title = current ? `${current.label} Management` : 'Admin Dashboard';
  useDocumentTitle(title);

  // Many sections read public data, so an expired token would only show on the first save: the
  // dashboard asks the server for its own user on entry, and a 401 ends the session at once.
  const userId = getUserId();
  const me = useQuery({
    queryKey: ['session', userId],
    queryFn: () => api.get(`/user/${userId}`, { schema: signedInSchema }),
    enabled: userId !== null,
    retry: false,
    staleTime: Infinity,
  });

  // A role that needs two-step verification without it set up may only enrol (decision 0047).
  const mustEnrol = isApiError(me.error) && me.error.code === 'SECOND_FACTOR_ENROLMENT_REQUIRED';
  useEffect(() => {
    if (mustEnrol) void navigate('/account/security', { replace: true });
  }, [mustEnrol, navigate]);

  // Entry check of the dashboard itself (the route guard normally decides first).
  useEffect(() => {
    if (!isAuthenticated() || !isUserType('ADMIN')) void navigate('/login', { replace: true });
  }, [navigate]);

  const dialog = useDialog();
  // Logging out or switching section throws away open forms: ask first when one has unsaved changes.
  const onLogout = async () => {
    if (!(await confirmLeavingForms(dialog))) return;
    await signOut();
    void navigate('/login', { replace: true });
  };
  const onSelect = async (key: AdminSectionKey) => {
    if (key === selected && !showToday && !linked) return;
    if (!(await confirmLeavingForms(dialog))) return;
    setSelected(key);
    setShowToday(false);
    if (linked) setParams({}, { replace: true });
  };
  const onToday = () => {
    setShowToday(true);
    // A tile followed again must open its list again.
    if (linked) setParams({}, { replace: true });
    window.scrollTo?.({ top: 0 });
  };

  const Section = current ? sections[current.key] : null;

  return (
    <div className="min-h-dvh bg-ivory">
      <header className="sticky top-0 z-30 border-b border-sand bg-ink text-ivory">
        {/* Wraps on a phone: the links take a second line rather than squeezing out who is signed in. */}
        <div className="flex min-h-16 flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
          <div className="min-w-0">
            <p className="font-serif text-xl tracking-[0.25em] text-gold-200 uppercase">
              Zevar <span className="text-sm tracking-widest text-ivory/80">Admin</span>
            </p>
            {me.data && (
              <p className="truncate text-xs text-ivory/80" title={me.data.email}>
                Signed in as <strong className="font-semibold text-ivory">{me.data.name}</strong>
                <span className="hidden sm:inline"> ({me.data.username})</span>
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Link to="/account/password" className="btn text-ivory hover:bg-ivory/10">
              Change Password
            </Link>
            <Link to="/account/security" className="btn text-ivory hover:bg-ivory/10">
              Security
            </Link>
            <button
              type="button"
              className="btn border border-ivory/40 text-ivory hover:bg-ivory/10"
              onClick={() => void onLogout()}
            >
              Logout
            </button>
          </div>
        </div>
      </header>

      {/* The side column stretches with the page (at least one screen below the header). */}
      <div className="md:flex md:min-h-[calc(100dvh-4rem)]">
        <SideNav
          sections={allowed}
          selected={selected}
          onSelect={(key) => void onSelect(key)}
          onToday={hasToday ? onToday : undefined}
          todayShown={showToday}
        />
        <main className="min-w-0 flex-1 px-4 py-6 md:px-8">
          {showToday && (
            <div className="mb-8">
              <TodayPanel sections={allowed.map((section) => section.key)} />
            </div>
          )}
          <h1 className="text-3xl font-semibold">{title}</h1>
          <div className="mt-6">
            {Section ? (
              <Suspense fallback={<PageSpinner />}>
                <SectionPresetContext.Provider value={linked ? params : NO_PRESET}>
                  <Section key={linked ? params.toString() : selected} />
                </SectionPresetContext.Provider>
              </Suspense>
            ) : (
              <p className="card p-6 text-taupe">
                Your account has no admin permissions. Please contact a super admin.
              </p>
            )}
          </div>
        </main>
      </div>
    </div>
  );
}

const NO_PRESET = new URLSearchParams();

function SideNav({
  sections,
  selected,
  onSelect,
  onToday,
  todayShown,
}: {
  sections: readonly AdminSection[];
  selected: AdminSectionKey | null;
  onSelect: (key: AdminSectionKey) => void;
  /** Shows the day's figures (absent for roles that see none). */
  onToday?: () => void;
  todayShown: boolean;
}) {
  return (
    // The aside carries the background down the full page height; the nav inside stays in view.
    <aside className="border-b border-sand bg-cream md:w-60 md:shrink-0 md:self-stretch md:border-r md:border-b-0">
      <nav
        aria-label="Admin sections"
        className="md:sticky md:top-16 md:max-h-[calc(100dvh-4rem)] md:overflow-y-auto"
      >
        <ul className="flex gap-1 overflow-x-auto p-2 md:flex-col md:p-4">
          {onToday && (
            <li className="shrink-0">
              <button
                type="button"
                aria-pressed={todayShown}
                onClick={onToday}
                className={`w-full rounded-md px-3 py-2 text-left text-sm font-medium whitespace-nowrap transition-colors ${
                  todayShown ? 'bg-gold-100 text-ink' : 'text-ink hover:bg-sand'
                }`}
              >
                Today
              </button>
            </li>
          )}
          {sections.map((section) => {
            const active = section.key === selected;
            return (
              <li key={section.key} className="shrink-0">
                <button
                  type="button"
                  aria-current={active ? 'page' : undefined}
                  onClick={() => onSelect(section.key)}
                  className={`w-full rounded-md px-3 py-2 text-left text-sm font-medium whitespace-nowrap transition-colors ${
                    active ? 'bg-ink text-ivory' : 'text-ink hover:bg-sand'
                  }`}
                >
                  {section.label}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
