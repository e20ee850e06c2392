import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_ENDED_EVENT, type SessionEndedDetail } from '../lib/storage';
import { forgetUnsavedForms } from './unsaved-changes';

/** Where the login page learns that it was opened because the session ended. */
export type LoginLocationState = { sessionEnded?: boolean } | null;

/**
 * One handler for the end of a session (the api client fires SESSION_ENDED_EVENT once on a 401): the
 * stored session is already cleared; keep the screen's location and unsaved drafts for the same user's
 * next sign-in, drop every cached answer and go to /login, which says so once.
 */
export function SessionEndHandler() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    const onEnded = async (event: Event) => {
      const detail = (event as CustomEvent<SessionEndedDetail | undefined>).detail;
      if (detail && here.current !== '/login') {
        // Loaded here, not with the shop's first script: only back-office screens keep work, and
        // they have loaded it already, so their forms are still open when it runs.
        const { saveSessionWork } = await import('../lib/session-restore');
        saveSessionWork(detail.userId, here.current);
      }
      forgetUnsavedForms();
      void navigate('/login', { replace: true, state: { sessionEnded: true } satisfies LoginLocationState });
      queryClient.clear();
    };
    const listener = (event: Event) => void onEnded(event);
    window.addEventListener(SESSION_ENDED_EVENT, listener);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, listener);
  }, [navigate, queryClient]);
  return null;
}
