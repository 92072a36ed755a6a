import type { UserConfig } from '@invigil/shared/api/auth';
import { isFlagOff, MENU_PAGES, type MenuPage } from '@invigil/shared/domain/menu-flags';

/** An entry: title, href and its config flag (the title in uppercase with underscores, 'My Fee' -> 'MY_FEE'). */
export type MenuEntry = MenuPage;

/** The menu of the spec, in its order (student-portal.md section 2, Menu and top bar); shared with the server's page check. */
export const MENU_ENTRIES: readonly MenuEntry[] = MENU_PAGES;

/**
 * Entries the user's config lets them see. With no config all entries show; an entry hides
 * when its flag is explicitly off (false, 'false', 0), so unrelated keys never hide the menu.
 * See docs/decisions/0003-menu-flags-and-home.md.
 */
export function visibleMenuEntries(config: UserConfig | null | undefined): MenuEntry[] {
  return MENU_ENTRIES.filter((item) => !isFlagOff(config, item.key));
}

/** Home tiles: the visible entries without Profile (it lives in the account menu). */
export function homeTiles(config: UserConfig | null | undefined): MenuEntry[] {
  return visibleMenuEntries(config).filter((item) => item.key !== 'PROFILE');
}
