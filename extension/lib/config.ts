import { resolvePortalOrigins } from './portal-origins';

/**
 * The allow-list of this build. Plasmo replaces `process.env.PLASMO_PUBLIC_PORTAL_ORIGINS` with its
 * build-time value, so the list is fixed in the shipped code and cannot be changed at run time.
 */
export const PORTAL_ORIGINS: readonly string[] = Object.freeze(
  resolvePortalOrigins(process.env.PLASMO_PUBLIC_PORTAL_ORIGINS),
);
