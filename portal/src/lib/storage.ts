/** localStorage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage is unavailable: the value lives only for this page.
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  },
};

/** Keys the portal keeps locally (spec: a jwt token, a config token and an auth flag). */
export const STORAGE_KEYS = {
  token: 'jwt_token',
  config: 'config_token',
  auth: 'auth',
  theme: 'theme',
  referral: 'referral',
} as const;
