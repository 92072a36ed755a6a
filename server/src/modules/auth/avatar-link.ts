import type { UploadStore } from '../../platform/storage/upload-store';

/** users.avatar of an avatar in the upload store: this prefix and its file key. Other values are URLs (an import's). */
export const STORED_AVATAR_PREFIX = 'store:';

/** A link the browser can show: a signed download URL for a stored avatar, an import's URL as it is. */
export function avatarLink(store: Pick<UploadStore, 'getUrl'>, avatar: string | null, now: number): string | null {
  if (!avatar) return null;
  return avatar.startsWith(STORED_AVATAR_PREFIX) ? store.getUrl(avatar.slice(STORED_AVATAR_PREFIX.length), now) : avatar;
}

/** What a token may carry: a signed link expires long before the token does, so a stored avatar is not in it. */
export function tokenAvatar(avatar: string | null): string | null {
  return avatar?.startsWith(STORED_AVATAR_PREFIX) ? null : avatar;
}
