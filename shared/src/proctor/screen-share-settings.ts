/**
 * Whether a test asks for screen share proctoring (PROCTOR_TYPE 'screen', and 'v-s': video and
 * screen, decision 0034): apart from screen-share-policy.ts so a page can ask without downloading
 * the policy.
 */
export interface ScreenShareSettings {
  enabled: boolean;
}

export function screenShareSettings(config: Readonly<Record<string, unknown>>): ScreenShareSettings {
  const type = config['PROCTOR_TYPE'];
  const name = typeof type === 'string' ? type.trim().toLowerCase() : '';
  return { enabled: name === 'screen' || name === 'v-s' };
}
