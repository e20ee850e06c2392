import { z } from 'zod';
import {
  pagedUsersSchema,
  passwordResetResponseSchema,
  payoutPreviewSchema,
  payoutSchema,
  userSchema,
  type Plan,
  type User,
} from '@zevar/domain';
import { api } from '../../../lib/api';

export const USERS_PAGE_SIZE = 10;

export type RoleFilter = '' | 'vendor' | 'admin';
export type StatusFilter = '' | 'active' | 'inactive';

export interface UserFilters {
  search: string;
  /** yyyy-MM-dd; excludes the range. */
  date: string;
  /** yyyy-MM-dd; the range excludes the single date. */
  startDate: string;
  endDate: string;
  role: RoleFilter;
  status: StatusFilter;
}

export const EMPTY_USER_FILTERS: UserFilters = {
  search: '',
  date: '',
  startDate: '',
  endDate: '',
  role: '',
  status: '',
};

export interface UsersPage {
  content: User[];
  totalPages: number;
  totalElements: number;
}

/** The date endpoints list vendors only and take no other filter: name and status apply to the loaded page. */
function filterLoadedPage(page: UsersPage, filters: UserFilters): UsersPage {
  const name = filters.search.trim().toLowerCase();
  const content = page.content.filter(
    (u) =>
      (!name ||
        u.name.toLowerCase().includes(name) ||
        (u.bussinessName ?? '').toLowerCase().includes(name)) &&
      (!filters.status || u.active === (filters.status === 'active')) &&
      (!filters.role || u.type === filters.role),
  );
  return { ...page, content };
}

/** One page of users for the current filters (back-office §7 user calls). */
export async function fetchUsers(filters: UserFilters, page: number): Promise<UsersPage> {
  const paging = { page, size: USERS_PAGE_SIZE };
  if (filters.date) {
    const data = await api.get('/user/vendors/by-date', {
      schema: pagedUsersSchema,
      query: { ...paging, date: filters.date },
    });
    return filterLoadedPage(data, filters);
  }
  if (filters.startDate && filters.endDate) {
    const data = await api.get('/user/vendors/by-date-range', {
      schema: pagedUsersSchema,
      query: { ...paging, startDate: filters.startDate, endDate: filters.endDate },
    });
    return filterLoadedPage(data, filters);
  }
  return api.get('/user', {
    schema: pagedUsersSchema,
    query: {
      ...paging,
      type: filters.role || undefined,
      name: filters.search.trim() || undefined,
      active: filters.status ? String(filters.status === 'active') : undefined,
    },
  });
}

export const usersApi = {
  get: (id: number) => api.get(`/user/${id}`, { schema: userSchema }),
  setActive: (id: number, active: boolean) =>
    api.put(`/user/${id}/${active ? 'activate' : 'deactivate'}`, undefined, { schema: userSchema }),
  remove: (id: number) => api.delete(`/user/${id}`),
  signOutEverywhere: (id: number) => api.post(`/user/${id}/sign-out-everywhere`),
  /** A super admin clears a user's lost two-step verification (decision 0047). */
  resetSecondFactor: (id: number) => api.post(`/user/${id}/second-factor/reset`),
  resetPassword: (id: number) =>
    api.post(`/user/${id}/reset-password`, undefined, { schema: passwordResetResponseSchema }),
  update: (id: number, body: unknown) => api.put(`/user/${id}`, body, { schema: userSchema }),
  updatePlan: (vendorId: number, plan: Plan) =>
    api.post('/user/vendors/update-plan', { vendorId, plan }, { schema: userSchema }),
  payouts: (vendorId: number) =>
    api.get(`/vendor-payouts/vendor/${vendorId}`, { schema: z.array(payoutSchema) }),
  payoutPreview: (vendorId: number) =>
    api.get(`/vendor-payouts/vendor/${vendorId}/preview`, { schema: payoutPreviewSchema }),
  createPayout: (vendorId: number) => api.post('/vendor-payouts', { vendorId }, { schema: payoutSchema }),
  /** Confirms a vendor's changed bank account (the server asks for the password again first). */
  confirmBank: (vendorId: number) => api.post(`/user/${vendorId}/confirm-bank`),
};
