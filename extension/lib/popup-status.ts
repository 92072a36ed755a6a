import type { OriginSource } from './managed-policy';
import { statusText, type Pairing } from './pairing-state';

/**
 * What the popup says about the tab it was opened on (pure; popup.tsx does the I/O). "Not
 * connected" alone left a tester on another port guessing: the extension trusts only the portal
 * origins it was built for, and stays silent everywhere else, so the popup says which origin this
 * tab is on, which ones it trusts, and how to build it for this one.
 */

/** extension/README.md, "For an institute's portal". */
export const BUILD_COMMAND = 'PLASMO_PUBLIC_PORTAL_ORIGINS={origins} npm run build -w extension';
/** Shown when the tab's address is unknown. */
export const ORIGIN_PLACEHOLDER = 'https://your-portal.example';

export type TabSituation =
  /** The tab shows a portal this build trusts, and it paired. */
  | 'paired-here'
  /** Trusted, but no pairing from this tab (not loaded yet, or reloaded). */
  | 'trusted-not-paired'
  /** An http(s) page on an origin this build does not trust. */
  | 'untrusted'
  /** No web address to judge: a browser page, or the popup opened as a tab. */
  | 'unknown';

export interface PopupStatus {
  connected: boolean;
  /** The status line: "Connected to <origin>" or "Not connected". */
  status: string;
  situation: TabSituation;
  /** The tab's web origin, when it has one. */
  tabOrigin: string | null;
  /** Why, in a sentence or two, when there is something to explain. */
  reason: string | null;
  trusted: readonly string[];
  /** How to build the extension for this tab's origin (or a placeholder), when that would help. */
  buildCommand: string | null;
  /** A policy origin this tab is on that the extension may not run on yet: the popup offers "Allow". */
  allow: string | null;
}

/** The http(s) origin of a tab's URL, or null (no URL, a browser or extension page). */
export function webOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

export function buildCommandFor(origins: readonly string[]): string {
  return BUILD_COMMAND.replace('{origins}', origins.join(','));
}

export function popupStatus({
  pairing,
  tabUrl,
  tabId,
  trusted,
  source = 'built-in',
  missing = [],
}: {
  pairing: Pairing | null;
  tabUrl: string | undefined;
  tabId: number | undefined;
  trusted: readonly string[];
  /** Where `trusted` came from (decision 0069): the institute's policy, or the build. */
  source?: OriginSource;
  /** Trusted origins the extension may not run on yet (no host access granted). */
  missing?: readonly string[];
}): PopupStatus {
  const tabOrigin = webOrigin(tabUrl);
  const byPolicy = source === 'policy';
  // A student cannot rebuild an extension their institute manages: no build command then.
  const build = (origins: readonly string[]) => (byPolicy ? null : buildCommandFor(origins));
  const base = { connected: pairing !== null, status: statusText(pairing), tabOrigin, trusted, allow: null };
  if (tabOrigin === null) {
    return {
      ...base,
      situation: pairing ? 'paired-here' : 'unknown',
      reason: pairing
        ? null
        : `Open the portal in this tab. This extension works only on the portal addresses ${byPolicy ? "your institute's policy names" : 'it was built for'}.`,
      buildCommand: pairing ? null : build([ORIGIN_PLACEHOLDER]),
    };
  }
  if (!trusted.includes(tabOrigin)) {
    return {
      ...base,
      situation: 'untrusted',
      reason: `This tab's origin, ${tabOrigin}, is not one ${byPolicy ? "your institute's policy names" : 'this extension was built for'}, so it stays silent here and the portal cannot see it.`,
      buildCommand: build([tabOrigin]),
    };
  }
  if (pairing && (pairing.tabId === tabId || pairing.origin === tabOrigin)) {
    return { ...base, situation: 'paired-here', reason: null, buildCommand: null };
  }
  if (missing.includes(tabOrigin)) {
    return {
      ...base,
      situation: 'trusted-not-paired',
      reason: `This tab is on ${tabOrigin}, a portal your institute's policy names, but Chrome has not let this extension run on it yet: allow it, then reload the page.`,
      buildCommand: null,
      allow: tabOrigin,
    };
  }
  return {
    ...base,
    situation: 'trusted-not-paired',
    reason: `This tab is on ${tabOrigin}, a portal this extension trusts, but the page has not connected: reload it.`,
    buildCommand: null,
  };
}
