import { statementSchema } from '@zevar/domain';
import { api } from './api';

/**
 * GET /api/settlement/vendor/{id}/statement: a reseller's statement for a month (YYYY-MM). The one
 * client of the route, shared by the reseller's Statement tab and the admin's statement panel.
 */
export function fetchStatement(vendorId: number, month: string) {
  return api.get(`/settlement/vendor/${vendorId}/statement`, { query: { month }, schema: statementSchema });
}
