import { useEffect, useState } from 'react';

import './popup.css';
import { originPattern, SOURCE_TEXT, type Trust } from './lib/managed-policy';
import { MEDIA_PERMISSION_PATH } from './lib/media-messages';
import type { Pairing } from './lib/pairing-state';
import { currentPairing, sessionPairingStore } from './lib/pairing-store';
import { popupStatus } from './lib/popup-status';
import { sessionWatchStorage } from './lib/proctor-controller';
import { bridgeAccess, loadTrust, onPolicyChanged } from './lib/trust';
import { watchSummary } from './lib/watch-summary';

const store = sessionPairingStore();
const watches = sessionWatchStorage();

/** Whether this extension may use the camera and the microphone already (asked once, from the link below). */
async function mediaAllowed(): Promise<boolean> {
  try {
    const states = await Promise.all(['camera', 'microphone'].map((name) => navigator.permissions.query({ name: name as PermissionName })));
    return states.every((state) => state.state === 'granted');
  } catch {
    return false;
  }
}

async function tabExists(tabId: number): Promise<boolean> {
  try {
    await chrome.tabs.get(tabId);
    return true;
  } catch {
    return false;
  }
}

/** The tab the popup was opened on. Its URL is known through `activeTab` (granted by the click on the toolbar button). */
async function openedOnTab(): Promise<{ url: string | undefined; id: number | undefined }> {
  try {
    const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
    return { url: tab?.url, id: tab?.id };
  } catch {
    return { url: undefined, id: undefined };
  }
}

/** The portal's mark (portal/public/favicon.svg). */
function Logo() {
  return (
    <svg className="logo" viewBox="0 0 64 64" aria-hidden="true">
      <path d="M32 4 8 14v16c0 15 10 26 24 30 14-4 24-15 24-30V14z" fill="currentColor" />
      <path d="m22 32 7 7 14-15" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-sm"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

function Popup() {
  const [pairing, setPairing] = useState<Pairing | null | undefined>(undefined);
  const [tab, setTab] = useState<{ url: string | undefined; id: number | undefined }>({ url: undefined, id: undefined });
  const [watching, setWatching] = useState<string[]>([]);
  const [allowed, setAllowed] = useState(false);
  const [trust, setTrust] = useState<Trust | undefined>(undefined);
  const [missing, setMissing] = useState<string[]>([]);

  // Where the trusted origins come from (decision 0069), read again when the policy or the
  // extension's host access changes.
  useEffect(() => {
    let active = true;
    const refresh = () => {
      void loadTrust().then(async (found) => {
        const access = await bridgeAccess(found).catch(() => ({ missing: [] as string[] }));
        if (!active) return;
        setTrust(found);
        setMissing(access.missing);
      });
    };
    refresh();
    const stop = onPolicyChanged(refresh);
    chrome.permissions.onAdded.addListener(refresh);
    chrome.permissions.onRemoved.addListener(refresh);
    return () => {
      active = false;
      stop();
      chrome.permissions.onAdded.removeListener(refresh);
      chrome.permissions.onRemoved.removeListener(refresh);
    };
  }, []);

  useEffect(() => {
    let active = true;
    const refresh = () => {
      currentPairing(store, tabExists).then(
        (found) => active && setPairing(found),
        () => active && setPairing(null),
      );
      watches.load().then(
        (watch) => active && setWatching(watchSummary(watch)),
        () => active && setWatching([]),
      );
      void mediaAllowed().then((value) => active && setAllowed(value));
    };
    void openedOnTab().then((found) => active && setTab(found));
    refresh();
    chrome.storage.session.onChanged.addListener(refresh);
    return () => {
      active = false;
      chrome.storage.session.onChanged.removeListener(refresh);
    };
  }, []);

  const status =
    pairing === undefined || trust === undefined
      ? null
      : popupStatus({ pairing, tabUrl: tab.url, tabId: tab.id, trusted: trust.origins, source: trust.source, missing });
  const allowOn = status?.allow ?? null;
  const explainOrigins = status?.situation === 'untrusted' || status?.situation === 'unknown';

  return (
    <div className="popup">
      <header className="navbar">
        <Logo />
        <h1 className="brand">Invigil Proctor</h1>
        {status ? (
          // The status line below says the same in words; the badge is for the eye.
          <span className={`badge ${status.connected ? 'badge-success' : 'badge-warning'}`} aria-hidden="true">
            {status.connected ? 'Connected' : 'Not connected'}
          </span>
        ) : null}
      </header>
      <main className="content">
        <section className="card" aria-label="Connection">
          <p role="status" aria-live="polite" className="status">
            {status ? status.status : 'Checking…'}
          </p>
          {status?.reason ? <p className="reason">{status.reason}</p> : null}
          {allowOn ? (
            <button
              type="button"
              className="btn allow"
              // Chrome asks the student once for exactly this origin; the worker then runs the bridge there.
              onClick={() => void chrome.permissions.request({ origins: [originPattern(allowOn)] }).catch(() => false)}
            >
              Allow on {allowOn}
            </button>
          ) : null}
          {explainOrigins && status ? (
            <>
              <h2>It trusts</h2>
              <ul className="origins" aria-label="Trusted portal origins">
                {status.trusted.map((origin) => (
                  <li key={origin}>
                    <code>{origin}</code>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {status?.buildCommand ? (
            <>
              <h2>{status.situation === 'untrusted' ? 'Build it for this origin' : 'Build it for your portal'}</h2>
              <pre className="command">
                <code>{status.buildCommand}</code>
              </pre>
              <div className="row">
                <CopyButton text={status.buildCommand} />
                <p className="hint">
                  In the Invigil repository; then reload the extension in chrome://extensions. More in extension/README.md.
                </p>
              </div>
            </>
          ) : null}
          {trust ? (
            <p className="hint source">
              Trusted portal origins: {SOURCE_TEXT[trust.source]}
              {trust.source === 'policy' && trust.origins.length === 0 ? ". It names no valid origin, so this extension connects nowhere." : null}
            </p>
          ) : null}
          {trust && trust.rejected.length > 0 ? (
            <>
              <h2 id="ignored-heading">Ignored policy entries</h2>
              <ul className="origins" aria-labelledby="ignored-heading">
                {trust.rejected.map((entry, index) => (
                  <li key={`${index}-${entry.value}`}>
                    <code>{entry.value}</code>: {entry.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {trust?.support && status && !status.connected ? <p className="support">Help: {trust.support}</p> : null}
        </section>
        {watching.length > 0 ? (
          <section className="card" aria-labelledby="watching-heading">
            <h2 id="watching-heading">Watching your test</h2>
            <ul className="list">
              {watching.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="media">
          {allowed ? (
            'Camera and microphone: allowed (for tests that check faces or speech)'
          ) : (
            <>
              <a className="link" href={chrome.runtime.getURL(MEDIA_PERMISSION_PATH)} target="_blank" rel="noreferrer">
                Allow camera and microphone
              </a>{' '}
              (for tests that check faces or speech)
            </>
          )}
        </p>
      </main>
    </div>
  );
}

export default Popup;
