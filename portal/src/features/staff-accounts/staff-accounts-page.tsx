import type { StaffAccount, StaffDirectoryReply, StaffListReply } from '@invigil/shared/api/staff';
import { UserPlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { ScreenProps } from '../../lib/screen-props';
import { formatDateTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { ROLE_LABELS } from '../staff-auth/staff-roles';
import { StaffLayout } from '../staff-shell/staff-layout';
import { fetchStaffAccounts, fetchStaffDirectory } from './staff-accounts-api';
import { StaffListBox } from '../staff-shell/staff-list-box';

// The dialogs load when first wanted (Add staff pointed at or pressed, an account opened): the table comes first.
const loadAddDialog = () => import('./add-staff-dialog');
const loadAccountDialog = () => import('./account-dialog');
const AddStaffDialog = lazy(() => loadAddDialog().then((module) => ({ default: module.AddStaffDialog })));
const AccountDialog = lazy(() => loadAccountDialog().then((module) => ({ default: module.AccountDialog })));
const preload = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

/** The search is sent this long after the last key. */
const SEARCH_DELAY_MS = 300;
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');

function AccountsTable({ reply, onOpen }: { reply: StaffListReply; onOpen: (account: StaffAccount) => void }) {
  const onWant = preload(loadAccountDialog);
  return (
    // A table wider than a phone scrolls inside its own box, which Tab reaches (axe: scrollable-region-focusable).
    // Always a stop: watching the overflow (ui/use-keyboard-scroll) here would split that module out of the
    // dialog's chunk, which student routes load.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Staff accounts table">
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Staff accounts</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Last sign-in</th>
          </tr>
        </thead>
        <tbody>
          {reply.items.map((account) => (
            <tr key={account.id}>
              <th scope="row" className="min-w-36 font-normal">
                <button type="button" className="link link-primary text-left font-semibold" onPointerEnter={onWant} onFocus={onWant} onClick={() => onOpen(account)}>{account.name}</button>
              </th>
              <td className="whitespace-nowrap">{account.email}</td>
              <td>{ROLE_LABELS[account.role]}</td>
              <td>
                <span className={`badge badge-sm whitespace-nowrap ${account.disabled ? 'badge-error' : 'badge-success'}`}>{account.disabled ? 'Disabled' : 'Active'}</span>
              </td>
              <td className="whitespace-nowrap">{account.lastSignInAt === null ? 'Never' : formatDateTime(account.lastSignInAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StaffAccounts() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const [reply, setReply] = useState<StaffListReply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [addWanted, setAddWanted] = useState(false);
  const [editing, setEditing] = useState<StaffAccount | null>(null);
  const [directory, setDirectory] = useState<StaffDirectoryReply | null>(null);
  const directoryAsked = useRef(false);
  // Once opened, a dialog stays mounted, so closing it returns the focus as before.
  const [editWanted, setEditWanted] = useState(false);

  // The search waits for a pause in typing, and starts again at page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(query.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    const abort = new AbortController();
    fetchStaffAccounts(q, page, abort.signal).then(
      (next) => {
        setReply(next);
        setFailure(null);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setFailure(messageOf(error));
      },
    );
    return () => abort.abort();
  }, [q, page, reload]);

  function open(account: StaffAccount) {
    setEditing(account);
    setEditWanted(true);
    if (directoryAsked.current) return;
    directoryAsked.current = true;
    fetchStaffDirectory().then(setDirectory, (error: unknown) => {
      directoryAsked.current = false;
      showSnackbar(messageOf(error), { color: 'error' });
    });
  }

  function changed(account: StaffAccount) {
    setEditing(account);
    setReply((current) => (current ? { ...current, items: current.items.map((item) => (item.id === account.id ? account : item)) } : current));
  }

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={searchId} className="label pb-1"><span className="label-text font-medium text-base-content">Search staff</span></label>
          <input id={searchId} type="search" className="input input-bordered w-full" placeholder="Name or email" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <button
          type="button"
          className="btn btn-primary gap-1"
          onPointerEnter={preload(loadAddDialog)}
          onFocus={preload(loadAddDialog)}
          onClick={() => {
            setAddWanted(true);
            setAdding(true);
          }}
        >
          <UserPlus className="h-4 w-4" aria-hidden="true" />Add staff
        </button>
      </div>
      <StaffListBox failure={failure} reply={reply} loadingLabel="Loading staff" onRetry={() => setReload((n) => n + 1)}>
        {(reply) => (
          <>
            {reply.items.length === 0 ? (
              <p className="px-4 py-10 text-center">{q ? `No staff match “${q}”.` : 'No staff accounts yet.'}</p>
            ) : (
              <AccountsTable reply={reply} onOpen={open} />
            )}
            <StaffListPages label="Staff pages" page={reply.page} pageSize={reply.pageSize} total={reply.total} shown={reply.items.length} onPage={setPage} />
          </>
        )}
      </StaffListBox>
      {addWanted ? (
        <Suspense fallback={null}>
          <AddStaffDialog
            open={adding}
            onClose={() => setAdding(false)}
            onAdded={() => {
              setAdding(false);
              setReload((n) => n + 1);
            }}
          />
        </Suspense>
      ) : null}
      {editWanted ? (
        <Suspense fallback={null}>
          <AccountDialog account={editing} directory={directory} onClose={() => setEditing(null)} onChanged={changed} />
        </Suspense>
      ) : null}
    </>
  );
}

/** /staff/accounts (admin): the staff, searched and paged; add, edit, disable, reset, assign. */
export default function StaffAccountsPage({ title }: ScreenProps) {
  return (
    <StaffLayout roles={['admin']}>
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <StaffAccounts />
      </main>
    </StaffLayout>
  );
}
