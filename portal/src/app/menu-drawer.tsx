import { useSignals } from '@preact/signals-react/runtime';
import { Home as HomeIcon, Palette, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { isLoggedIn, userConfig } from '../features/auth/auth-state';
import { visibleMenuEntries } from '../features/menu/menu-entries';
import { MENU_ICONS } from '../features/menu/menu-icons';

/** The main menu (its own chunk: the shell loads it when it is first opened, or hovered). */
export function MenuDrawer({ open, onClose, onTheme }: { open: boolean; onClose: () => void; onTheme: () => void }) {
  useSignals();
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  const entries = isLoggedIn.value ? visibleMenuEntries(userConfig.value) : [];
  return (
    <div className="fixed inset-0 z-40">
      <div className="absolute inset-0 bg-black/40" onClick={onClose} aria-hidden="true" />
      <nav id="main-menu" aria-label="Main menu" className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-base-100 shadow-xl">
        <div className="flex items-center justify-between border-b border-base-300 p-3">
          <span className="font-bold">Menu</span>
          <button ref={closeButton} type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close menu" onClick={onClose}>
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <ul className="menu w-full flex-1 flex-nowrap overflow-y-auto">
          <li>
            <Link href="/" onClick={onClose}><HomeIcon className="h-5 w-5" aria-hidden="true" />Home</Link>
          </li>
          {entries.map((item) => {
            const Icon = MENU_ICONS[item.key];
            return (
              <li key={item.key}>
                <Link href={item.href} onClick={onClose}>
                  {Icon ? <Icon className="h-5 w-5" aria-hidden="true" /> : null}
                  {item.title}
                </Link>
              </li>
            );
          })}
          <li>
            <button type="button" onClick={() => { onClose(); onTheme(); }}>
              <Palette className="h-5 w-5" aria-hidden="true" />Theme
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
