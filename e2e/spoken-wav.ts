import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes the fake microphone's spoken WAV to `path` (espeak-ng, installed by
 * scripts/ensure-espeak.sh): about 9 s of someone asking for an answer, then 2.5 s of quiet before
 * the file loops.
 */
export function writeSpokenWav(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  execFileSync('espeak-ng', [
    '-m',
    '-s',
    '150',
    '-w',
    path,
    '<speak>Hey, what is the answer to question two? I think it is option B. Tell me quickly before the time runs out.<break time="2500ms"/></speak>',
  ]);
}
