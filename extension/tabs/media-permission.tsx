import { useState } from 'react';

// Asks once, in a tab of the extension's own, for the camera and microphone. The offscreen document
// that runs the face check and speech detection during a test (decision 0016) cannot show Chrome's
// permission prompt; it can use the devices only once the extension's origin holds the permission,
// and this page is where the student gives it (opened from the popup; nothing here is recorded).

type State = 'idle' | 'asking' | 'granted' | 'refused';

export default function MediaPermission() {
  const [state, setState] = useState<State>('idle');
  const [detail, setDetail] = useState('');
  const ask = async () => {
    setState('asking');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      for (const track of stream.getTracks()) track.stop();
      setState('granted');
    } catch (error) {
      setDetail(error instanceof Error ? error.message : String(error));
      setState('refused');
    }
  };
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '48px auto', lineHeight: 1.5 }}>
      <h1 style={{ fontSize: 22 }}>Invigil Proctor: camera and microphone</h1>
      <p>
        During a proctored test that asks for it, the extension checks the camera for faces and listens for speech on this
        device. Pictures and sound never leave the device; only the events (and the pictures the test itself asks for) are
        recorded with your attempt. Chrome asks once whether the extension may use them.
      </p>
      <button type="button" onClick={() => void ask()} disabled={state === 'asking'}>
        Allow camera and microphone
      </button>
      <p role="status">
        {state === 'granted'
          ? 'Allowed. You can close this tab.'
          : state === 'refused'
            ? `Not allowed (${detail}). The test page will then use the camera and microphone itself.`
            : ''}
      </p>
    </main>
  );
}
