import { PORTAL_ORIGINS } from './config';
import { originPattern, originsNeedingBridge, readTrust, type ManagedArea, type Trust } from './managed-policy';

/**
 * The extension's trust at run time (decision 0069): the institute's managed policy when it names
 * portal origins, else the build's list (lib/config.ts). The worker, the bridge and the popup all
 * read it here, so they cannot disagree.
 */
export function loadTrust(): Promise<Trust> {
  let area: ManagedArea | undefined;
  try {
    area = chrome.storage?.managed as unknown as ManagedArea | undefined;
  } catch {
    area = undefined;
  }
  return readTrust(area, PORTAL_ORIGINS);
}

/** Calls `run` whenever the administrator changes the policy (storage area 'managed'). */
export function onPolicyChanged(run: () => void): () => void {
  const listener = (_changes: unknown, areaName: string) => {
    if (areaName === 'managed') run();
  };
  chrome.storage.onChanged.addListener(listener);
  return () => chrome.storage.onChanged.removeListener(listener);
}

/** The built manifest's static content-script patterns (the build's list, scripts/build.mjs). */
export function staticMatches(): string[] {
  return (chrome.runtime.getManifest().content_scripts ?? []).flatMap((script) => script.matches ?? []);
}

/** Which policy origins get the registered bridge, and which still need the student's "Allow". */
export async function bridgeAccess(trust: Trust): Promise<{ register: string[]; missing: string[] }> {
  const needing = originsNeedingBridge(trust, staticMatches(), () => true).register;
  const granted = new Set<string>();
  await Promise.all(
    needing.map(async (origin) => {
      if (await chrome.permissions.contains({ origins: [originPattern(origin)] }).catch(() => false)) granted.add(origin);
    }),
  );
  return originsNeedingBridge(trust, staticMatches(), (origin) => granted.has(origin));
}
