import type { StaffRole } from '@invigil/shared/api/staff';
import { useSignals } from '@preact/signals-react/runtime';
import { LogOut, Menu as MenuIcon, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useShellCover } from '../../lib/shell-cover';
// The dialog, imported for the bundler only: staff pages watch their tables' overflow with
// ui/use-keyboard-scroll, which the dialog's chunk carries for the student routes; with every staff
// page loading that chunk too, the module stays in it instead of a chunk of its own (0.3 KB gzip
// more on each student route with a dialog).
import '../../ui/modal';
import { staffSignOut } from '../staff-auth/staff-api';
import { ROLE_LABELS, roleAllows, roleRequiredMessage, staffLoginHref } from '../staff-auth/staff-roles';
import { staffSession } from '../staff-auth/staff-session';
import { ALL_STAFF_ROLES, areasFor, currentArea } from './staff-areas';

/**
 * The staff side's frame over the whole window: the student portal's shell behind it is inert
 * (no one Tabs into a menu they cannot see). `nav`: the staff navigation beside (>= 1024 px) or
 * behind a Menu button (narrower); `account`: the signed-in person, their role and Sign out.
 */
export function StaffFrame({ children, nav = null, account = false }: { children: ReactNode; nav?: ReactNode; account?: boolean }) {
  useSignals();
  useShellCover();
  const [, navigate] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const staff = account ? staffSession.value?.staff : undefined;
  return (
    <div className="fixed inset-0 z-30 flex flex-col overflow-y-auto bg-base-200" data-testid="staff-frame">
      <header className="navbar sticky top-0 z-20 gap-1 bg-base-100 px-2 shadow-sm">
        {/* In the banner: the portal's own links come first in the page (inert behind this frame), so axe would not take it for a skip link outside a landmark. */}
        <a href="#staff-content" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:p-2">
          Skip to content
        </a>
        {nav ? (
          <button
            ref={menuButton}
            type="button"
            className="btn btn-ghost btn-square lg:hidden"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls="staff-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <MenuIcon className="h-6 w-6" aria-hidden="true" />}
          </button>
        ) : null}
        <div className="min-w-0 flex-1">
          <Link href={staff ? '/staff' : '/staff/login'} className="btn btn-ghost min-w-0 gap-2 px-2 text-lg font-bold">
            <img src="/favicon.svg" alt="" className="h-7 w-7" />
            <span className="truncate">Invigil</span>
            <span className="hidden font-normal opacity-80 sm:inline">Staff</span>
          </Link>
        </div>
        {staff ? (
          <div className="flex flex-none items-center gap-2">
            <p className="flex min-w-0 items-center gap-2 text-sm">
              {/* On a phone the name is left out of sight only: a screen reader still says who is signed in. */}
              <span className="sr-only md:not-sr-only md:max-w-48 md:truncate">{staff.name}</span>
              <span className="badge badge-outline whitespace-nowrap">{ROLE_LABELS[staff.role]}</span>
            </p>
            <button
              type="button"
              className="btn btn-ghost btn-sm gap-1 px-2"
              onClick={() => {
                navigate('/staff/login', { replace: true });
                staffSignOut();
              }}
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />Sign out
            </button>
          </div>
        ) : null}
      </header>
      <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
        {nav ? (
          <div
            id="staff-nav"
            className={`${menuOpen ? 'block' : 'hidden'} border-b border-base-300 bg-base-100 lg:block lg:w-60 lg:flex-none lg:border-b-0 lg:border-r`}
            // A link followed closes the menu on a phone.
            onClick={(event) => {
              if ((event.target as Element).closest('a')) setMenuOpen(false);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || !menuOpen) return;
              setMenuOpen(false);
              menuButton.current?.focus();
            }}
          >
            {nav}
          </div>
        ) : null}
        <div id="staff-content" className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}

/** The staff navigation: what the signed-in role may open. */
function StaffNav({ role }: { role: StaffRole }) {
  const [pathname] = useLocation();
  const current = currentArea(pathname);
  return (
    <nav aria-label="Staff">
      <ul className="menu w-full gap-1 p-2">
        {areasFor(role).map((area) => (
          <li key={area.href}>
            <Link href={area.href} aria-current={area === current ? 'page' : undefined} className={area === current ? 'menu-active' : ''}>
              {area.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A screen the signed-in role may not open: which roles it needs, and the way Home. */
function NotAvailable({ roles }: { roles: readonly StaffRole[] }) {
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold">Not available for your role</h1>
      <p className="mt-2">{roleRequiredMessage(roles)}</p>
      <Link href="/staff" className="btn btn-primary mt-6">Home</Link>
    </main>
  );
}

/**
 * The staff guard (every /staff screen but the sign-in): no staff session -> /staff/login with
 * this page as `next` (a student's session does not count); a role the screen does not name ->
 * "Not available for your role".
 */
export function StaffLayout({ roles = ALL_STAFF_ROLES, children }: { roles?: readonly StaffRole[]; children: ReactNode }) {
  useSignals();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const staff = staffSession.value?.staff ?? null;
  useEffect(() => {
    if (!staff) navigate(staffLoginHref(`${location}${search ? `?${search}` : ''}`), { replace: true });
  }, [staff, location, search, navigate]);
  if (!staff) return <StaffFrame>{null}</StaffFrame>;
  return (
    <StaffFrame account nav={<StaffNav role={staff.role} />}>
      {roleAllows(staff.role, roles) ? children : <NotAvailable roles={roles} />}
    </StaffFrame>
  );
}
