import type { UserConfig } from '@invigil/shared/api/auth';
import { isFlagOn } from '@invigil/shared/domain/config-flag';
import { isFlagOff, MENU_PAGES } from '@invigil/shared/domain/menu-flags';
import { TEST_REVIEW_FLAGS } from '@invigil/shared/api/staff-students-text';

/**
 * A student's config flags as switches (userConfigSchema holds any key; these are the spec's).
 * A menu page is on unless its flag is an explicit false; a test flag is off unless on. Switching
 * back to the default removes the key, so the stored config holds only what differs from it;
 * keys the screen does not know are kept as they are.
 */
export interface FlagSwitch {
  key: string;
  label: string;
  on: boolean;
}

export interface FlagGroup {
  title: string;
  switches: FlagSwitch[];
}

export function flagGroups(config: UserConfig): FlagGroup[] {
  return [
    { title: 'Menu pages', switches: MENU_PAGES.map((page) => ({ key: page.key, label: page.title, on: !isFlagOff(config, page.key) })) },
    { title: 'Tests and review', switches: TEST_REVIEW_FLAGS.map((flag) => ({ key: flag.key, label: flag.label, on: isFlagOn(config[flag.key]) })) },
  ];
}

/** The config after one switch is set. */
export function withFlag(config: UserConfig, key: string, on: boolean): UserConfig {
  const next: UserConfig = { ...config };
  const isMenu = MENU_PAGES.some((page) => page.key === key);
  delete next[key];
  if (isMenu && !on) next[key] = false;
  if (!isMenu && on) next[key] = true;
  return next;
}
