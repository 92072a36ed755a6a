import { useSignals } from '@preact/signals-react/runtime';
import { Building2, LogOut, ShieldCheck } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useShellCover } from '../../lib/shell-cover';
import { staffSignOut } from '../staff-auth/staff-api';
import { ROLE_LABELS } from '../staff-auth/staff-roles';
import { staffSession } from '../staff-auth/staff-session';

/** Sends a visitor without a staff session to the staff sign-in at /proctor/login (a student's session does not count). */
export function useProctorGuard(): boolean {
  useSignals();
  const [location, navigate] = useLocation();
  const signedIn = staffSession.value !== null;
  useEffect(() => {
    if (!signedIn) navigate(`/proctor/login?next=${encodeURIComponent(location)}`, { replace: true });
  }, [signedIn, location, navigate]);
  return signedIn;
}

/**
 * The console's own frame over the whole window: the student portal's menu behind it is inert
 * (a proctor has no use for it, and it must not be reached by Tab unseen).
 */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  useSignals();
  useShellCover();
  const [, navigate] = useLocation();
  const staff = staffSession.value?.staff;
  return (
    <div className="fixed inset-0 z-30 flex flex-col overflow-y-auto bg-base-200">
      <header className="navbar sticky top-0 z-10 gap-2 bg-base-100 shadow-sm">
        <div className="min-w-0 flex-1">
          <Link href="/proctor" className="btn btn-ghost gap-2 px-2 text-lg font-bold">
            <ShieldCheck className="h-5 w-5" aria-hidden="true" />
            <span className="truncate">Proctor console</span>
          </Link>
        </div>
        {staff ? (
          <div className="flex flex-none items-center gap-1">
            <span className="hidden text-sm sm:inline">{staff.name} · {ROLE_LABELS[staff.role]}</span>
            <Link href="/staff" className="btn btn-ghost btn-sm gap-1 px-2" aria-label="Staff home">
              <Building2 className="h-4 w-4" aria-hidden="true" /><span className="hidden sm:inline">Staff home</span>
            </Link>
            <button
              type="button"
              className="btn btn-ghost btn-sm gap-1 px-2"
              onClick={() => {
                // The token goes with the call; the session ends here at once, whatever the reply.
                navigate('/proctor/login', { replace: true });
                staffSignOut();
              }}
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />Sign out
            </button>
          </div>
        ) : null}
      </header>
      {children}
    </div>
  );
}
