import { originPattern } from './managed-policy';

/** The id of the content script registered for policy origins the build's static one misses. */
export const POLICY_BRIDGE_ID = 'invigil-policy-bridge';

/** The part of chrome.scripting the sync needs (a fake in tests). */
export interface ScriptingHost {
  getRegisteredContentScripts(filter: { ids: string[] }): Promise<{ id: string; matches?: string[] | undefined }[]>;
  registerContentScripts(scripts: chrome.scripting.RegisteredContentScript[]): Promise<void>;
  updateContentScripts(scripts: chrome.scripting.RegisteredContentScript[]): Promise<void>;
  unregisterContentScripts(filter: { ids: string[] }): Promise<void>;
}

/**
 * Registers the bridge (the same file as the static content script, same timing) on exactly the
 * policy origins in `origins`, updates it when the list changes, and removes it when none is left.
 * Chrome injects it only where the extension holds the host permission, so `origins` must already
 * be the granted ones. Registered scripts persist across worker restarts (persistAcrossSessions).
 */
export async function syncPolicyBridge(host: ScriptingHost, origins: readonly string[], files: readonly string[]): Promise<'registered' | 'updated' | 'removed' | 'unchanged'> {
  const existing = (await host.getRegisteredContentScripts({ ids: [POLICY_BRIDGE_ID] }))[0];
  if (origins.length === 0 || files.length === 0) {
    if (!existing) return 'unchanged';
    await host.unregisterContentScripts({ ids: [POLICY_BRIDGE_ID] });
    return 'removed';
  }
  const matches = origins.map(originPattern);
  const script: chrome.scripting.RegisteredContentScript = {
    id: POLICY_BRIDGE_ID,
    matches,
    js: [...files],
    runAt: 'document_start',
    allFrames: false,
    persistAcrossSessions: true,
  };
  if (!existing) {
    await host.registerContentScripts([script]);
    return 'registered';
  }
  const same = existing.matches?.length === matches.length && matches.every((pattern) => existing.matches?.includes(pattern));
  if (same) return 'unchanged';
  await host.updateContentScripts([script]);
  return 'updated';
}
