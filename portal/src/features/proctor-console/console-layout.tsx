import { useSignals } from '@preact/signals-react/runtime';
import { LogOut, ShieldCheck } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useShellCover } from '../../lib/shell-cover';
import { endProctorSession, proctorSession } from './proctor-auth';
import { proctorLogout } from './proctor-console-api';

/** Sends a visitor without a proctor session to /proctor/login (a student's session does not count). */
export function useProctorGuard(): boolean {
  useSignals();
  const [location, navigate] = useLocation();
  const signedIn = proctorSession.value !== null;
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
  const proctor = proctorSession.value?.proctor;
  return (
    <div className="fixed inset-0 z-30 flex flex-col overflow-y-auto bg-base-200">
      <header className="navbar sticky top-0 z-10 gap-2 bg-base-100 shadow-sm">
        <div className="min-w-0 flex-1">
          <Link href="/proctor" className="btn btn-ghost gap-2 px-2 text-lg font-bold">
            <ShieldCheck className="h-5 w-5" aria-hidden="true" />
            <span className="truncate">Proctor console</span>
          </Link>
        </div>
        {proctor ? (
          <div className="flex flex-none items-center gap-2">
            <span className="hidden text-sm sm:inline">{proctor.name}</span>
            <button
              type="button"
              className="btn btn-ghost btn-sm gap-1"
              onClick={() => {
                // The token goes with the call; the session ends here at once, whatever the reply.
                void proctorLogout();
                endProctorSession();
                navigate('/proctor/login', { replace: true });
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
