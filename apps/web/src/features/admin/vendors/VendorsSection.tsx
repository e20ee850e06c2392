import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { User } from '@zevar/domain';
import { Pagination } from '../../../components/Pagination';
import { useDialog } from '../../../components/dialog/dialog-context';
import { AddPayoutModal } from './AddPayoutModal';
import { AdminEditModal } from './AdminEditModal';
import { InviteAdminModal } from './InviteAdminModal';
import { hasPermission } from '../../../lib/storage';
import { UserDetail } from './UserDetail';
import { UserFiltersBar } from './UserFiltersBar';
import { UsersTable } from './UsersTable';
import { VendorEditModal } from './VendorEditModal';
import { useUserActions } from './use-user-actions';
import { USER_MSG } from './user-messages';
import { EMPTY_USER_FILTERS, fetchUsers, type UserFilters } from './users-api';
import { useDebounced } from '../../../lib/use-debounced';

/** User management: vendors and admins, their details, edits, status, deletion and payouts. */
export default function VendorsSection() {
  const dialog = useDialog();
  const actions = useUserActions();
  const [filters, setFilters] = useState<UserFilters>(EMPTY_USER_FILTERS);
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<User | null>(null);
  const [inviting, setInviting] = useState(false);
  const [paying, setPaying] = useState<User | null>(null);
  const search = useDebounced(filters.search, 300);
  const effective = { ...filters, search };
  const users = useQuery({
    queryKey: ['admin-users', 'list', effective, page],
    queryFn: () => fetchUsers(effective, page),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (users.isError) {
      console.error(users.error);
      void dialog.error('Error', effective.search.trim() ? USER_MSG.searchFailed : USER_MSG.loadFailed);
    }
  }, [users.isError, users.error, dialog, effective.search]);

  const changeFilters = (next: UserFilters) => {
    setFilters(next);
    setPage(0);
  };
  const remove = async (user: User) => {
    if ((await actions.remove(user)) && openId === user.id) setOpenId(null);
  };
  const edit = (user: User) => {
    if (!user.type) void dialog.error('Error', USER_MSG.invalidUser);
    else setEditing(user);
  };

  return (
    <div className="space-y-4">
      {openId !== null ? (
        <UserDetail
          userId={openId}
          onBack={() => setOpenId(null)}
          onEdit={edit}
          onDelete={(u) => void remove(u)}
          onPayout={setPaying}
        />
      ) : (
        <>
          {hasPermission('MANAGE_USERS') && (
            <div className="flex justify-end">
              <button type="button" className="btn-primary" onClick={() => setInviting(true)}>
                Invite Admin
              </button>
            </div>
          )}
          <UserFiltersBar
            filters={filters}
            onChange={changeFilters}
            onReset={() => changeFilters(EMPTY_USER_FILTERS)}
            onDownloadVendors={() => void actions.downloadVendors()}
            onDownloadPayouts={() => void actions.downloadPayouts()}
          />
          {users.isPending ? (
            <p className="card p-6 text-center text-taupe" role="status">
              Loading users...
            </p>
          ) : users.data && users.data.content.length > 0 ? (
            <UsersTable
              users={users.data.content}
              actions={{
                onOpen: (u) => setOpenId(u.id),
                onEdit: edit,
                onToggle: (u) => void actions.toggleActive(u),
                onDelete: (u) => void remove(u),
                onPayout: setPaying,
              }}
            />
          ) : (
            <p className="card p-6 text-center text-taupe">No users found</p>
          )}
          {users.data && <Pagination page={page} totalPages={users.data.totalPages} onPageChange={setPage} />}
        </>
      )}
      {editing?.type === 'vendor' && <VendorEditModal user={editing} onClose={() => setEditing(null)} />}
      {editing?.type === 'admin' && <AdminEditModal user={editing} onClose={() => setEditing(null)} />}
      {inviting && <InviteAdminModal onClose={() => setInviting(false)} />}
      {paying && <AddPayoutModal vendor={paying} onClose={() => setPaying(null)} />}
    </div>
  );
}
