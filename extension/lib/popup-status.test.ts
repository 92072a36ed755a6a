import { describe, expect, it } from 'vitest';

import { ORIGIN_PLACEHOLDER, popupStatus, webOrigin } from './popup-status';

const trusted = ['http://127.0.0.1:8080', 'http://localhost:8080'];
const pairing = { origin: 'http://127.0.0.1:8080', tabId: 7, pairedAt: 1 };

describe('popupStatus', () => {
  it('on a trusted, paired tab says only that it is connected', () => {
    const status = popupStatus({ pairing, tabUrl: 'http://127.0.0.1:8080/test/abc/in', tabId: 7, trusted });
    expect(status).toMatchObject({ connected: true, status: 'Connected to http://127.0.0.1:8080', situation: 'paired-here', reason: null, buildCommand: null });
  });

  it('on another port names the tab origin, the trusted ones and the build command for it', () => {
    const status = popupStatus({ pairing: null, tabUrl: 'http://127.0.0.1:9000/auth/login', tabId: 3, trusted });
    expect(status.status).toBe('Not connected');
    expect(status.situation).toBe('untrusted');
    expect(status.reason).toBe("This tab's origin, http://127.0.0.1:9000, is not one this extension was built for, so it stays silent here and the portal cannot see it.");
    expect(status.trusted).toEqual(trusted);
    expect(status.buildCommand).toBe('PLASMO_PUBLIC_PORTAL_ORIGINS=http://127.0.0.1:9000 npm run build -w extension');
  });

  it('explains this tab even while another tab is paired', () => {
    const status = popupStatus({ pairing, tabUrl: 'https://exam.example.edu/', tabId: 9, trusted });
    expect(status).toMatchObject({ connected: true, status: 'Connected to http://127.0.0.1:8080', situation: 'untrusted' });
    expect(status.buildCommand).toBe('PLASMO_PUBLIC_PORTAL_ORIGINS=https://exam.example.edu npm run build -w extension');
  });

  it('on a trusted tab that has not paired asks for a reload', () => {
    const status = popupStatus({ pairing: null, tabUrl: 'http://localhost:8080/', tabId: 2, trusted });
    expect(status.situation).toBe('trusted-not-paired');
    expect(status.reason).toBe('This tab is on http://localhost:8080, a portal this extension trusts, but the page has not connected: reload it.');
    expect(status.buildCommand).toBeNull();
  });

  it('without a web address asks for the portal and shows the command with a placeholder', () => {
    for (const tabUrl of [undefined, 'chrome://extensions/', 'chrome-extension://abc/popup.html']) {
      const status = popupStatus({ pairing: null, tabUrl, tabId: undefined, trusted });
      expect(status.situation).toBe('unknown');
      expect(status.reason).toMatch(/^Open the portal in this tab\./);
      expect(status.buildCommand).toBe(`PLASMO_PUBLIC_PORTAL_ORIGINS=${ORIGIN_PLACEHOLDER} npm run build -w extension`);
    }
    expect(popupStatus({ pairing, tabUrl: undefined, tabId: undefined, trusted })).toMatchObject({ situation: 'paired-here', reason: null });
  });
});

describe('popupStatus with origins set by the institute\'s policy', () => {
  const policy = ['https://exam.example.edu', 'https://exam2.example.edu'];

  it('names the policy, not the build, and offers no build command', () => {
    const other = popupStatus({ pairing: null, tabUrl: 'https://elsewhere.example/x', tabId: 3, trusted: policy, source: 'policy' });
    expect(other).toMatchObject({
      situation: 'untrusted',
      reason: "This tab's origin, https://elsewhere.example, is not one your institute's policy names, so it stays silent here and the portal cannot see it.",
      buildCommand: null,
      allow: null,
    });
    const blank = popupStatus({ pairing: null, tabUrl: 'chrome://newtab/', tabId: 3, trusted: policy, source: 'policy' });
    expect(blank).toMatchObject({
      situation: 'unknown',
      reason: "Open the portal in this tab. This extension works only on the portal addresses your institute's policy names.",
      buildCommand: null,
    });
  });

  it('offers "Allow" on a policy origin the extension may not run on yet', () => {
    const status = popupStatus({ pairing: null, tabUrl: 'https://exam2.example.edu/tests', tabId: 3, trusted: policy, source: 'policy', missing: ['https://exam2.example.edu'] });
    expect(status).toMatchObject({ situation: 'trusted-not-paired', allow: 'https://exam2.example.edu', buildCommand: null });
    expect(status.reason).toContain('Chrome has not let this extension run on it yet');
    const granted = popupStatus({ pairing: null, tabUrl: 'https://exam.example.edu/tests', tabId: 3, trusted: policy, source: 'policy', missing: ['https://exam2.example.edu'] });
    expect(granted).toMatchObject({ situation: 'trusted-not-paired', allow: null });
  });
});

describe('webOrigin', () => {
  it('keeps http(s) origins only', () => {
    expect(webOrigin('HTTP://Example.edu:80/x?y')).toBe('http://example.edu');
    expect(webOrigin('file:///tmp/a.html')).toBeNull();
    expect(webOrigin('not a url')).toBeNull();
  });
});
