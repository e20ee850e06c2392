import { pagedAuditSchema, type AuditQuery } from '@zevar/domain';
import { api } from './api';

/** The audit trail (VIEW_AUDIT): its search answers a page of records, newest first. */
export const auditApi = {
  search: (query: Partial<AuditQuery>) =>
    api.get('/audit', { query: { ...query }, schema: pagedAuditSchema }),
};

export const AUDIT_TEXT = {
  loadFailed: 'Failed to load the audit trail',
  empty: 'No changes recorded',
  historyEmpty: 'No changes recorded for this item yet',
} as const;
