import { describe, expect, it } from 'vitest';

import { POLICY_BRIDGE_ID, syncPolicyBridge, type ScriptingHost } from './policy-bridge';

function fakeScripting() {
  const scripts = new Map<string, chrome.scripting.RegisteredContentScript>();
  const host: ScriptingHost = {
    getRegisteredContentScripts: ({ ids }) => Promise.resolve(ids.flatMap((id) => (scripts.has(id) ? [scripts.get(id)!] : []))),
    registerContentScripts: (list) => {
      for (const script of list) {
        if (scripts.has(script.id)) return Promise.reject(new Error(`Duplicate script ID '${script.id}'`));
        scripts.set(script.id, script);
      }
      return Promise.resolve();
    },
    updateContentScripts: (list) => {
      for (const script of list) scripts.set(script.id, { ...scripts.get(script.id), ...script });
      return Promise.resolve();
    },
    unregisterContentScripts: ({ ids }) => {
      for (const id of ids) scripts.delete(id);
      return Promise.resolve();
    },
  };
  return { host, scripts };
}

describe('syncPolicyBridge', () => {
  it('registers the bridge on the granted policy origins, updates it, and removes it with the policy', async () => {
    const { host, scripts } = fakeScripting();
    expect(await syncPolicyBridge(host, [], ['bridge.js'])).toBe('unchanged');
    expect(await syncPolicyBridge(host, ['https://exam.example.edu'], ['bridge.js'])).toBe('registered');
    expect(scripts.get(POLICY_BRIDGE_ID)).toEqual({
      id: POLICY_BRIDGE_ID,
      matches: ['https://exam.example.edu/*'],
      js: ['bridge.js'],
      runAt: 'document_start',
      allFrames: false,
      persistAcrossSessions: true,
    });
    expect(await syncPolicyBridge(host, ['https://exam.example.edu'], ['bridge.js'])).toBe('unchanged');
    expect(await syncPolicyBridge(host, ['https://exam.example.edu', 'https://exam2.example.edu:8443'], ['bridge.js'])).toBe('updated');
    expect(scripts.get(POLICY_BRIDGE_ID)?.matches).toEqual(['https://exam.example.edu/*', 'https://exam2.example.edu:8443/*']);
    expect(await syncPolicyBridge(host, [], ['bridge.js'])).toBe('removed');
    expect(scripts.size).toBe(0);
  });
});
