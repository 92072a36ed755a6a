import { useEffect, useState } from 'react';

import { MEDIA_PERMISSION_PATH } from './lib/media-messages';
import { statusText, type Pairing } from './lib/pairing-state';
import { currentPairing, sessionPairingStore } from './lib/pairing-store';
import { sessionWatchStorage } from './lib/proctor-controller';
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

function Popup() {
  const [pairing, setPairing] = useState<Pairing | null | undefined>(undefined);
  const [watching, setWatching] = useState<string[]>([]);
  const [allowed, setAllowed] = useState(false);

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
    refresh();
    chrome.storage.session.onChanged.addListener(refresh);
    return () => {
      active = false;
      chrome.storage.session.onChanged.removeListener(refresh);
    };
  }, []);

  return (
    <main style={{ minWidth: 260, padding: '12px 16px', fontFamily: 'system-ui, sans-serif', fontSize: 14 }}>
      <h1 style={{ fontSize: 16, margin: '0 0 8px' }}>Invigil Proctor</h1>
      <p role="status" aria-live="polite" style={{ margin: 0, color: pairing ? '#1b5e20' : '#444' }}>
        {pairing === undefined ? 'Checking…' : statusText(pairing)}
      </p>
      {watching.length > 0 ? (
        <section aria-labelledby="watching-heading" style={{ marginTop: 8 }}>
          <h2 id="watching-heading" style={{ fontSize: 14, margin: '0 0 4px' }}>Watching your test</h2>
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {watching.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <p style={{ margin: '8px 0 0' }}>
        {allowed ? (
          'Camera and microphone: allowed (for tests that check faces or speech)'
        ) : (
          <>
            <a href={chrome.runtime.getURL(MEDIA_PERMISSION_PATH)} target="_blank" rel="noreferrer">
              Allow camera and microphone
            </a>{' '}
            (for tests that check faces or speech)
          </>
        )}
      </p>
    </main>
  );
}

export default Popup;
