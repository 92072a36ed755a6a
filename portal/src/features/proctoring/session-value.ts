import { storage } from '../../lib/storage';

/** A value in the tab's session storage (falls back to local storage where it is not available). */
export function sessionValue(key: string) {
  return {
    get(): string | null {
      try {
        return sessionStorage.getItem(key);
      } catch {
        return storage.get(key);
      }
    },
    set(value: string): void {
      try {
        sessionStorage.setItem(key, value);
      } catch {
        storage.set(key, value);
      }
    },
  };
}
