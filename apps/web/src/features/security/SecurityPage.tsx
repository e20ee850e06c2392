import { useNavigate } from 'react-router';
import { Link } from 'react-router';
import { SECOND_FACTOR_MESSAGES } from '@zevar/domain';
import { getUserType, homePathForUserType } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SessionsSection } from './SessionsSection';
import { TwoStepSection } from './TwoStepSection';

/**
 * /account/security, for admins and vendors (decision 0047): two-step verification and the
 * signed-in sessions. An admin whose role requires two-step verification lands here right after
 * signing in and cannot leave until it is on.
 */
export default function SecurityPage() {
  useDocumentTitle(SECOND_FACTOR_MESSAGES.title);
  const navigate = useNavigate();
  const home = homePathForUserType(getUserType());
  return (
    <div className="min-h-dvh bg-ivory px-4 py-10">
      <div className="mx-auto max-w-3xl space-y-6">
        <div className="print:hidden">
          <Link to={home} className="text-sm text-taupe underline">
            ← Back to dashboard
          </Link>
          <h1 className="mt-3 text-3xl font-semibold">{SECOND_FACTOR_MESSAGES.title}</h1>
        </div>
        <section className="card p-6" aria-labelledby="two-step-title">
          <h2 id="two-step-title" className="mb-4 text-xl font-semibold print:hidden">
            Two-step verification
          </h2>
          <TwoStepSection onEnabled={() => void navigate(home, { replace: true })} />
        </section>
        <section className="card p-6 print:hidden" aria-labelledby="sessions-title">
          <h2 id="sessions-title" className="mb-4 text-xl font-semibold">
            {SECOND_FACTOR_MESSAGES.sessionsTitle}
          </h2>
          <SessionsSection />
        </section>
      </div>
    </div>
  );
}
