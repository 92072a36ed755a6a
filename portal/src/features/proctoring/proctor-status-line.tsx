import { useSignals } from '@preact/signals-react/runtime';
import { proctorStatus } from './proctor-status';

/**
 * What the page's proctoring is doing right now, in a few words (e.g. 'Microphone: listening for
 * speech' or 'Microphone: listening and transcribing', 'Screen: sharing your entire screen'), for
 * the test's toolbar. Nothing when no module has a line.
 */
export function ProctorStatusLine() {
  useSignals();
  const lines = proctorStatus.value;
  if (lines.length === 0) return null;
  return (
    <p className="flex min-w-0 flex-wrap gap-x-3 text-xs opacity-90" role="status" aria-live="polite" data-testid="proctor-status">
      {lines.map((line) => (
        // Wrapped, never cut: on a phone the student still reads all of what the camera does.
        <span key={line.source} className="min-w-0 break-words" data-source={line.source}>
          {line.text}
        </span>
      ))}
    </p>
  );
}
