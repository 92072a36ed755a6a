import { parseOriginList } from '@invigil/shared/protocol/pairing';

/** The allow-list when PLASMO_PUBLIC_PORTAL_ORIGINS is unset: the portal served locally. */
export const DEFAULT_PORTAL_ORIGINS = 'http://127.0.0.1:8080,http://localhost:8080';

/**
 * The exact portal origins a build trusts. Unset or blank means the default; a value that holds no
 * valid origin yields an empty list (trust nothing), never a wider one. scripts/build.mjs refuses
 * to build with an empty list, so this only matters for `plasmo dev`.
 */
export function resolvePortalOrigins(raw: string | undefined): string[] {
  const value = raw === undefined || raw.trim() === '' ? DEFAULT_PORTAL_ORIGINS : raw;
  return parseOriginList(value);
}
