import { isFlagOn } from '@invigil/shared/domain/config-flag';

type Config = Readonly<Record<string, unknown>>;

const mentioned = (config: Config | null | undefined): boolean => {
  const value = config?.['DISABLE_CHAT'];
  return value !== undefined && value !== null && value !== '';
};

/**
 * Is the chat with the proctor shown? DISABLE_CHAT in the user's or the test's config hides it,
 * and the spec's default (section 9) is 'chat disabled': it shows only when a config turns
 * DISABLE_CHAT off and neither turns it on.
 */
export function chatEnabled(testConfig: Config | null | undefined, userConfig: Config | null | undefined): boolean {
  if (isFlagOn(userConfig?.['DISABLE_CHAT']) || isFlagOn(testConfig?.['DISABLE_CHAT'])) return false;
  return mentioned(testConfig) || mentioned(userConfig);
}
