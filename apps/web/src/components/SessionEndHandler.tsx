import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_ENDED_EVENT } from '../lib/storage';
import { forgetUnsavedForms } from './unsaved-changes';

/** Where the login page learns that it was opened because the session ended. */
export type LoginLocationState = { sessionEnded?: boolean } | null;

/**
 * One handler for the end of a session (the api client fires SESSION_ENDED_EVENT once on a 401): the
 * stored session is already cleared; drop every cached answer and go to /login, which says so once.
 */
export function SessionEndHandler() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const onEnded = () => {
      forgetUnsavedForms();
      void navigate('/login', { replace: true, state: { sessionEnded: true } satisfies LoginLocationState });
      queryClient.clear();
    };
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
  }, [navigate, queryClient]);
  return null;
}
