import { hasPermission as rolesHavePermission, type AdminRole, type LoginResponse } from '@zevar/domain';

/** Browser storage keys, as named by the specification. */
export const STORAGE_KEYS = {
  token: 'token',
  userType: 'userType',
  userId: 'userId',
  userRoles: 'userRoles',
  vendorSlug: 'current-vendor-slug',
  cart: 'cart_items',
  /** One key per cart, shared by the shopper's tabs: the server refuses to take a cart's payment twice. */
  cartKey: 'cart_key',
  /** A coupon the shopper applied on a product page, applied again to the whole basket at checkout. */
  selectedCoupon: 'selected_coupon',
  /**
   * The order whose payment the provider took but whose confirmation call failed: the status page
   * keeps it as 'being confirmed' and empties the cart only once the order is really paid.
   */
  confirmingOrder: 'confirming_order',
  /** Orders this browser started that may still wait for payment, with the keys that cancel them. */
  waitingOrders: 'waiting_orders',
  /** The order keys of orders this browser placed: they open the order's address and tax documents. */
  orderKeys: 'order_keys',
} as const;

/** Fired on window after this tab changes the login state (the storage event covers other tabs). */
export const AUTH_CHANGED_EVENT = 'auth-changed';
/** Fired on window whenever the cart in storage changes (cart code dispatches it after saving). */
export const CART_CHANGED_EVENT = 'cart-changed';
/** Fired on window once when a signed-in session is ended by the server (expired or revoked token). */
export const SESSION_ENDED_EVENT = 'session-ended';
/** Whose session ended (read before the stored session is cleared). */
export interface SessionEndedDetail {
  userId: number | null;
}
/** Fired on window after this tab stores a new current vendor slug. */
export const VENDOR_SLUG_CHANGED_EVENT = 'vendor-slug-changed';

// Storage can throw (disabled storage, private mode quotas); the app must keep working without it.
export function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing sensible to do: the value simply is not remembered.
  }
}

export function removeItem(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See writeItem.
  }
}

function notify(eventName: string): void {
  window.dispatchEvent(new Event(eventName));
}

/* ---------- auth ---------- */

export function getToken(): string | null {
  return readItem(STORAGE_KEYS.token);
}

export function getUserType(): string | null {
  return readItem(STORAGE_KEYS.userType);
}

export function getUserId(): number | null {
  const raw = readItem(STORAGE_KEYS.userId);
  if (raw === null || raw.trim() === '') return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function getUserRoles(): string[] {
  const raw = readItem(STORAGE_KEYS.userRoles);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

let sessionEnded = false;

/**
 * The server refused our token (401): sign out, clear the stored session and tell the app once, however
 * many requests come back refused. Returns whether this call ended it.
 */
export function endSession(): boolean {
  if (sessionEnded) return false;
  sessionEnded = true;
  const userId = getUserId();
  logout();
  // The handler keeps the screen's unsaved work for this user (lib/session-restore).
  window.dispatchEvent(new CustomEvent<SessionEndedDetail>(SESSION_ENDED_EVENT, { detail: { userId } }));
  return true;
}

/** True from a session's end until the user has seen the login page or signed in again. */
export function sessionHasEnded(): boolean {
  return sessionEnded;
}

/** The user has been told (login page shown) or signed in: later errors are reported again. */
export function acknowledgeSessionEnd(): void {
  sessionEnded = false;
}

/** Saves what POST /api/user/login answered. */
export function saveLogin(login: LoginResponse): void {
  sessionEnded = false;
  writeItem(STORAGE_KEYS.token, login.token);
  writeItem(STORAGE_KEYS.userType, login.userType);
  writeItem(STORAGE_KEYS.userId, String(login.userId));
  writeItem(STORAGE_KEYS.userRoles, JSON.stringify(login.roles));
  notify(AUTH_CHANGED_EVENT);
}

/**
 * A new token for the same session (a sliding renewal, a re-authentication or a password change):
 * stored in place of the old one, unless the session was meanwhile ended.
 */
export function replaceToken(token: string): void {
  if (getToken()) writeItem(STORAGE_KEYS.token, token);
}

/** Logout clears token, user type, user id and roles (the cart and vendor slug stay). */
export function logout(): void {
  removeItem(STORAGE_KEYS.token);
  removeItem(STORAGE_KEYS.userType);
  removeItem(STORAGE_KEYS.userId);
  removeItem(STORAGE_KEYS.userRoles);
  notify(AUTH_CHANGED_EVENT);
}

/** Authenticated means a token exists. */
export function isAuthenticated(): boolean {
  return Boolean(getToken());
}

/** User types are compared case-insensitively. */
export function isUserType(expected: string, actual: string | null = getUserType()): boolean {
  return actual !== null && actual.toUpperCase() === expected.toUpperCase();
}

/** Role check on the stored roles; SUPER_ADMIN passes every check. */
export function hasPermission(needed: AdminRole, roles: readonly string[] = getUserRoles()): boolean {
  return rolesHavePermission(roles, needed);
}

/** Where a signed-in user belongs: vendor dashboard, admin dashboard, or the shop. */
export function homePathForUserType(userType: string | null): string {
  if (isUserType('VENDOR', userType)) return '/vendor/dashboard';
  if (isUserType('ADMIN', userType)) return '/admin/dashboard';
  return '/';
}

/* ---------- current vendor ---------- */

export function getStoredVendorSlug(): string | null {
  const slug = readItem(STORAGE_KEYS.vendorSlug);
  return slug && slug.trim() !== '' ? slug : null;
}

export function setStoredVendorSlug(slug: string): void {
  if (getStoredVendorSlug() === slug) return;
  writeItem(STORAGE_KEYS.vendorSlug, slug);
  notify(VENDOR_SLUG_CHANGED_EVENT);
}

/* ---------- cart ---------- */

/** Number of cart lines (unique items) in cart_items; anything unreadable counts as empty. */
export function getCartCount(): number {
  const raw = readItem(STORAGE_KEYS.cart);
  if (!raw) return 0;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

/** Cart code calls this after writing cart_items so the header count follows. */
export function notifyCartChanged(): void {
  notify(CART_CHANGED_EVENT);
}

export function getSelectedCoupon(): string | null {
  return readItem(STORAGE_KEYS.selectedCoupon);
}

export function setSelectedCoupon(code: string | null): void {
  if (code) writeItem(STORAGE_KEYS.selectedCoupon, code);
  else removeItem(STORAGE_KEYS.selectedCoupon);
}
