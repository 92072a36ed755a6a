import { useSignals } from '@preact/signals-react/runtime';
import { Menu as MenuIcon, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { logout as endServerSession } from '../features/auth/auth-api';
import { clearSession, displayName, isLoggedIn, userConfig } from '../features/auth/auth-state';
import { isFlagOn } from '../features/auth/token';
import { extensionLink } from '../features/extension/extension-status';
import { forgetPushOnSignOut } from '../features/notifications/service-worker';
import { shellCovers } from '../lib/shell-cover';
import { routeFor } from './guard';
import { showSnackbarThenReload } from '../lib/reload-with-message';

// Signed in only: the sign-in page does not load it.
const NotificationsBell = lazy(() => import('../features/notifications/notifications-bell').then((module) => ({ default: module.NotificationsBell })));

// Loaded when first wanted (the menu button is pointed at, focused or pressed): no route waits for them.
const loadMenuDrawer = () => import('./menu-drawer');
const MenuDrawer = lazy(() => loadMenuDrawer().then((module) => ({ default: module.MenuDrawer })));
const ThemeDialog = lazy(() => import('../features/theme/theme-dialog').then((module) => ({ default: module.ThemeDialog })));

/** Spec: logout reloads after 500 ms. */
const LOGOUT_RELOAD_MS = 500;


function AccountMenu() {
  useSignals();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  function logout() {
    setOpen(false);
    // The reload would clear the message after 500 ms: it is carried over for the rest of its time.
    showSnackbarThenReload('Signed out successfully!', { color: 'success', reloadAfterMs: LOGOUT_RELOAD_MS });
    // The token stops working on the server too; signing out here never waits for it.
    endServerSession().catch(() => {});
    // This browser stops receiving the student's notifications.
    forgetPushOnSignOut();
    clearSession();
    navigate('/');
  }

  const initial = displayName.value.trim().charAt(0).toUpperCase() || '?';
  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost gap-2 px-2"
        // The name holds the student's name the button shows (WCAG 2.5.3, label in name).
        aria-label={displayName.value.trim() ? `Account: ${displayName.value.trim()}` : 'Account'}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar avatar-placeholder">
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-primary text-primary-content">
            {/* Drawn by CSS, not text: the button's name then holds all the text it shows (label in name). */}
            <span aria-hidden="true" data-initial={initial} className="before:content-[attr(data-initial)]" />
          </span>
        </span>
        <span className="hidden max-w-40 truncate sm:inline">{displayName.value}</span>
      </button>
      {open ? (
        <ul id="account-menu" className="menu absolute right-0 z-30 mt-2 w-52 rounded-box bg-base-100 p-2 shadow-lg">
          {isFlagOn(userConfig.value, 'ALLOW_CHANGE_PASSWORD') ? (
            <li><Link href="/password/change" onClick={() => setOpen(false)}>Change Password</Link></li>
          ) : null}
          <li><Link href="/profile" onClick={() => setOpen(false)}>Profile</Link></li>
          <li><button type="button" onClick={logout}>Logout</button></li>
        </ul>
      ) : null}
    </div>
  );
}

export function Shell({ children }: { children: ReactNode }) {
  useSignals();
  const [menuOpen, setMenuOpen] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  // Once opened, the menu and the theme dialog stay mounted, so closing them returns the focus as before.
  const [menuWanted, setMenuWanted] = useState(false);
  const [themeWanted, setThemeWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  const [pathname] = useLocation();
  // Under a running test: its controls must not be reached, even unseen.
  const covered = shellCovers.value > 0;
  // The bell is hidden under a test, whose page does not download it (nor poll notifications).
  const showBell = isLoggedIn.value && !covered && !routeFor(pathname).testIn;
  return (
    <div className="min-h-screen bg-base-200">
      <a href="#content" inert={covered} className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:p-2">
        Skip to content
      </a>
      <header className="navbar sticky top-0 z-20 bg-base-100 shadow-sm" inert={covered}>
        <div className="flex-none">
          <button
            ref={menuButton}
            type="button"
            className="btn btn-ghost btn-square"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            onPointerEnter={() => void loadMenuDrawer().catch(() => undefined)}
            onFocus={() => void loadMenuDrawer().catch(() => undefined)}
            onClick={() => {
              setMenuWanted(true);
              setMenuOpen(true);
            }}
          >
            <MenuIcon className="h-6 w-6" aria-hidden="true" />
          </button>
        </div>
        <div className="min-w-0 flex-1">
          <Link href="/" className="btn btn-ghost truncate px-2 text-lg font-bold">
            <img src="/favicon.svg" alt="" className="h-7 w-7" />
            <span className="truncate">Invigil</span>
          </Link>
        </div>
        <div className="flex flex-none items-center gap-1">
          {extensionLink.value ? (
            <span className="badge badge-success gap-1 whitespace-nowrap" title={`Extension ${extensionLink.value.extensionVersion}`}>
              <ShieldCheck className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Extension connected</span>
            </span>
          ) : null}
          {showBell ? (
            // The bell's room is kept while it loads: the account button does not move.
            <Suspense fallback={<span className="inline-block h-10 w-10" aria-hidden="true" />}>
              <NotificationsBell />
            </Suspense>
          ) : null}
          {isLoggedIn.value ? <AccountMenu /> : null}
        </div>
      </header>
      {menuWanted ? (
        <Suspense fallback={null}>
          <MenuDrawer
            open={menuOpen && !covered}
            onClose={closeMenu}
            onTheme={() => {
              setThemeWanted(true);
              setThemeOpen(true);
            }}
          />
        </Suspense>
      ) : null}
      {themeWanted ? (
        <Suspense fallback={null}>
          <ThemeDialog open={themeOpen} onClose={() => setThemeOpen(false)} />
        </Suspense>
      ) : null}
      <div id="content">{children}</div>
    </div>
  );
}
