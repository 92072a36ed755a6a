import type { TokenClaims, User, UserConfig } from '@invigil/shared/api/auth';
import { computed, signal } from '@preact/signals-react';
import { configureApi } from '../../lib/api-client';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import { fetchUser } from './auth-api';
import { isTokenExpired, readClaims } from './token';

export interface Session {
  token: string;
  claims: TokenClaims;
}

function sessionFrom(token: string | null): Session | null {
  if (!token) return null;
  const claims = readClaims(token);
  if (!claims || isTokenExpired(claims)) return null;
  return { token, claims };
}

export const session = signal<Session | null>(sessionFrom(storage.get(STORAGE_KEYS.token)));
/** The user as the server last described it (GET /user); claims until then. */
export const currentUser = signal<User | null>(null);

export const isLoggedIn = computed(() => session.value !== null);
export const userConfig = computed<UserConfig>(
  () => currentUser.value?.config ?? session.value?.claims.config ?? {},
);
export const displayName = computed(() => currentUser.value?.name ?? session.value?.claims.name ?? '');
export const meritPoints = computed(() => currentUser.value?.meritpoints ?? session.value?.claims.meritpoints ?? 0);

let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleExpiry(next: Session | null): void {
  clearTimeout(expiryTimer);
  if (!next) return;
  // setTimeout overflows past ~24.8 days; a longer-lived token is re-checked on reload instead.
  const delay = next.claims.exp * 1000 - Date.now();
  if (delay < 2 ** 31 - 1) expiryTimer = setTimeout(clearSession, Math.max(0, delay));
}

export function startSession(token: string): boolean {
  const next = sessionFrom(token);
  if (!next) return false;
  storage.set(STORAGE_KEYS.token, token);
  storage.set(STORAGE_KEYS.config, JSON.stringify(next.claims.config));
  storage.set(STORAGE_KEYS.auth, 'true');
  session.value = next;
  scheduleExpiry(next);
  return true;
}

/** Logged out: user fields empty, merit points 0, token and flags removed (spec section 4). */
export function clearSession(): void {
  clearTimeout(expiryTimer);
  storage.remove(STORAGE_KEYS.token);
  storage.remove(STORAGE_KEYS.config);
  storage.remove(STORAGE_KEYS.auth);
  session.value = null;
  currentUser.value = null;
}

/** Is there a live session right now? Re-checks the expiry, so a stale tab counts as logged out. */
export function hasLiveSession(): boolean {
  const current = session.value;
  if (current && isTokenExpired(current.claims)) {
    clearSession();
    return false;
  }
  return current !== null;
}

/** Wires the API client to the session and confirms a stored token with the server. */
export function initAuth(): void {
  configureApi({
    getToken: () => (hasLiveSession() ? (session.value?.token ?? null) : null),
    onUnauthorized: clearSession,
    // The server refused a page the config we hold shows: read the config as it is now (the guard then says the page is off).
    onPageOff: () => void refreshUser(),
  });
  if (!session.value) {
    // A stored token that is expired or malformed: drop it.
    if (storage.get(STORAGE_KEYS.token)) clearSession();
    return;
  }
  scheduleExpiry(session.value);
  void refreshUser();
}

export async function refreshUser(): Promise<void> {
  try {
    const reply = await fetchUser();
    currentUser.value = reply.user;
    storage.set(STORAGE_KEYS.config, JSON.stringify(reply.user.config));
  } catch {
    // A 401 has already cleared the session; other failures keep the claims we have.
  }
}
