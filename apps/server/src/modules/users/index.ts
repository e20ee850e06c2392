/** The users module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { createShopsService, type Shop } from './shops.service';
export {
  confirmVendorBankIn,
  findVendorAccount,
  lockVendorIn,
  setVendorBankIn,
  setVendorPlanIn,
  vendorPlansOf,
} from './vendor-accounts';
export { findAuthAccount } from './auth-reads';
export { pruneSessions, touchSession } from './user-sessions';
export { createAdmin, ensureFirstAdmin } from './first-admin';
