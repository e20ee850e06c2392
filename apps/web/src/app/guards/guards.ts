import { redirect, type LoaderFunction } from 'react-router';
import type { UserType } from '@zevar/domain';
import { getUserType, isAuthenticated, isUserType } from '../../lib/storage';

/**
 * Back-office route guard: a stored token is required (else /login); when the stored user type
 * differs (case-insensitive) from the required one, VENDOR goes to /vendor/dashboard, ADMIN to
 * /admin/dashboard and anything else to /login. Returns the redirect target, or null to allow.
 */
export function guardRedirect(required: UserType): string | null {
  if (!isAuthenticated()) return '/login';
  const userType = getUserType();
  if (isUserType(required, userType)) return null;
  if (isUserType('VENDOR', userType)) return '/vendor/dashboard';
  if (isUserType('ADMIN', userType)) return '/admin/dashboard';
  return '/login';
}

/** The admin-only guard of admin/vendors and admin/email-templates: anyone but an admin goes to /login. */
export function adminOnlyRedirect(): string | null {
  return isAuthenticated() && isUserType('ADMIN') ? null : '/login';
}

/*
 * Guards run as route loaders, so they decide before the page's code is downloaded: a shopper who
 * opens /admin/dashboard never fetches back-office code.
 */
export function requireUserType(required: UserType): LoaderFunction {
  return () => {
    const target = guardRedirect(required);
    if (target) throw redirect(target);
    return null;
  };
}

export const requireAdminOnly: LoaderFunction = () => {
  const target = adminOnlyRedirect();
  if (target) throw redirect(target);
  return null;
};

/** A guarded path that only forwards, like admin -> admin/dashboard. */
export function guardedRedirect(required: UserType, to: string): LoaderFunction {
  return () => redirect(guardRedirect(required) ?? to);
}

/** Any signed-in user (admin or vendor): Change Password. */
export const requireSignedIn: LoaderFunction = () => {
  if (!isAuthenticated()) throw redirect('/login');
  return null;
};
