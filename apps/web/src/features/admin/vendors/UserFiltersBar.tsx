import type { RoleFilter, StatusFilter, UserFilters } from './users-api';

export interface UserFiltersBarProps {
  filters: UserFilters;
  onChange: (filters: UserFilters) => void;
  onReset: () => void;
  onDownloadVendors: () => void;
  onDownloadPayouts: () => void;
}

/**
 * Search, single-date, date-range, role and status filters. The single date and the range are
 * mutually exclusive: choosing one clears the other and disables it until cleared.
 */
export function UserFiltersBar({
  filters,
  onChange,
  onReset,
  onDownloadVendors,
  onDownloadPayouts,
}: UserFiltersBarProps) {
  const set = (next: Partial<UserFilters>) => onChange({ ...filters, ...next });
  const rangeUsed = Boolean(filters.startDate || filters.endDate);
  const dateUsed = Boolean(filters.date);
  return (
    <div className="card space-y-3 p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <input
          type="search"
          className="input sm:col-span-2"
          aria-label="Search users"
          placeholder="Search by name..."
          value={filters.search}
          onChange={(e) => set({ search: e.target.value })}
        />
        <select
          className="input"
          aria-label="Role"
          value={filters.role}
          onChange={(e) => set({ role: e.target.value as RoleFilter })}
        >
          <option value="">All Roles</option>
          <option value="vendor">Vendors</option>
          <option value="admin">Admins</option>
        </select>
        <select
          className="input"
          aria-label="Status"
          value={filters.status}
          onChange={(e) => set({ status: e.target.value as StatusFilter })}
        >
          <option value="">All Status</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="text-sm">
          <span className="label">Joined on</span>
          <input
            type="date"
            className="input"
            value={filters.date}
            disabled={rangeUsed}
            onChange={(e) => set({ date: e.target.value, startDate: '', endDate: '' })}
          />
        </label>
        <label className="text-sm">
          <span className="label">From</span>
          <input
            type="date"
            className="input"
            value={filters.startDate}
            max={filters.endDate || undefined}
            disabled={dateUsed}
            onChange={(e) => set({ startDate: e.target.value, date: '' })}
          />
        </label>
        <label className="text-sm">
          <span className="label">To</span>
          <input
            type="date"
            className="input"
            value={filters.endDate}
            min={filters.startDate || undefined}
            disabled={dateUsed}
            onChange={(e) => set({ endDate: e.target.value, date: '' })}
          />
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-outline" onClick={onReset}>
          Reset
        </button>
        <span className="flex-1" />
        <button type="button" className="btn-outline" onClick={onDownloadVendors}>
          Download Vendor Details
        </button>
        <button type="button" className="btn-outline" onClick={onDownloadPayouts}>
          Download Payout History
        </button>
      </div>
    </div>
  );
}
