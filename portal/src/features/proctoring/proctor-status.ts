import { signal } from '@preact/signals-react';

/**
 * One short line per proctoring module that the student should see while the test runs (what the
 * microphone is doing, whether the screen is shared): modules set it, ProctorStatusLine shows it.
 * Entries keep the order in which their modules first set them.
 */
export const proctorStatus = signal<readonly { source: string; text: string }[]>([]);

/** Sets (or, with null, removes) the line of `source`. */
export function setProctorStatus(source: string, text: string | null): void {
  const lines = proctorStatus.value;
  const index = lines.findIndex((line) => line.source === source);
  if (text === null) {
    if (index >= 0) proctorStatus.value = lines.filter((line) => line.source !== source);
    return;
  }
  if (index >= 0 && lines[index]!.text === text) return;
  proctorStatus.value = index >= 0 ? lines.map((line, i) => (i === index ? { source, text } : line)) : [...lines, { source, text }];
}
