import { useEffect, useState } from 'react';

import { MEDIA_PERMISSION_PATH } from './lib/media-messages';
import { statusText, type Pairing } from './lib/pairing-state';
import { currentPairing, sessionPairingStore } from './lib/pairing-store';

const store = sessionPairingStore();

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

  useEffect(() => {
    let active = true;
    const refresh = () => {
      currentPairing(store, tabExists).then(
        (found) => active && setPairing(found),
        () => active && setPairing(null),
      );
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
      <p style={{ margin: '8px 0 0' }}>
        <a href={chrome.runtime.getURL(MEDIA_PERMISSION_PATH)} target="_blank" rel="noreferrer">
          Allow camera and microphone
        </a>{' '}
        (for tests that check faces or speech)
      </p>
    </main>
  );
}

export default Popup;
