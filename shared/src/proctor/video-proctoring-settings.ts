/**
 * Video proctoring (PROCTOR_TYPE 'jitsi-single', 'jitsi-multi' / 'jitsi-multiple', 'v-s'; spec
 * sections 4, 6 and 9; decision 0034): which room a test's candidates meet their proctor in.
 * - single ('jitsi-single', and 'v-s', which adds the screen share of decision 0013): one room
 *   per candidate, 720 p, closed about 2 s after the proctor leaves.
 * - multi ('jitsi-multi', 'jitsi-multiple'): one room for the whole test, 180 p.
 * Apart from the page's code so the server and the console read the config the same way.
 */
export type VideoMode = 'none' | 'single' | 'multi';

const SINGLE = new Set(['jitsi-single', 'v-s']);
const MULTI = new Set(['jitsi-multi', 'jitsi-multiple']);

export function videoProctoringMode(config: Readonly<Record<string, unknown>>): VideoMode {
  const type = config['PROCTOR_TYPE'];
  if (typeof type !== 'string') return 'none';
  const name = type.trim().toLowerCase();
  return SINGLE.has(name) ? 'single' : MULTI.has(name) ? 'multi' : 'none';
}

/** Spec section 9: 'Video proctor resolution 720 (180 multi)'. */
export const VIDEO_RESOLUTION: Readonly<Record<Exclude<VideoMode, 'none'>, number>> = { single: 720, multi: 180 };

/** Spec section 9: 'auto-close delay 2 s' (single mode, after the other participant leaves). */
export const VIDEO_AUTO_CLOSE_MS = 2_000;
