import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, SECOND_FACTOR_MESSAGES, type UserSession } from '@zevar/domain';
import { useDialog } from '../../components/dialog/dialog-context';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { securityApi } from './security-api';

const SESSIONS_KEY = ['user-sessions'];

/** "Chrome on Android" from a user agent: enough to recognise a device. */
export function describeDevice(agent: string | null): string {
  if (!agent) return 'Unknown device';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** The signed-in account's sessions: each can be signed out; this one is marked. */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const dialog = useDialog();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: securityApi.sessions });

  const end = async (session: UserSession) => {
    const ok = await dialog.confirm(
      'Sign Out Session',
      `Sign out ${describeDevice(session.userAgent)} (last seen ${formatDateTime(session.lastSeenAt)})?`,
      { confirmLabel: 'Sign Out' },
    );
    if (!ok) return;
    try {
      await securityApi.endSession(session.id);
      void dialog.success(MSG.successTitle, SECOND_FACTOR_MESSAGES.sessionEnded);
    } catch (err) {
      void dialog.error(MSG.errorTitle, errorMessage(err));
    }
    void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  };

  if (sessions.isPending) return <p className="text-sm text-taupe">Loading…</p>;
  if (sessions.isError) return <p role="alert">{errorMessage(sessions.error)}</p>;
  const others = sessions.data.filter((s) => !s.current);
  return (
    <div className="space-y-3">
      <ul
        className="divide-y divide-line rounded-md border border-line"
        aria-label={SECOND_FACTOR_MESSAGES.sessionsTitle}
      >
        {sessions.data.map((s) => (
          <li key={s.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <p className="font-medium" title={s.userAgent ?? undefined}>
                {describeDevice(s.userAgent)}
                {s.current && (
                  <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">
                    This device
                  </span>
                )}
              </p>
              <p className="text-taupe">
                {s.address ?? 'Unknown address'} · started {formatDateTime(s.startedAt)} · last seen{' '}
                {formatDateTime(s.lastSeenAt)}
              </p>
            </div>
            {!s.current && (
              <button type="button" className="btn-outline shrink-0" onClick={() => void end(s)}>
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length === 0 && <p className="text-sm text-taupe">{SECOND_FACTOR_MESSAGES.noSessions}</p>}
    </div>
  );
}
