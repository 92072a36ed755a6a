/**
 * The profile's messages, rules and limits, apart from its zod schemas (profile.ts) so the portal's
 * screens take them without zod.
 */

export const PROFILE_MESSAGES = {
  updated: 'Update successful!',
  updateFailed: 'Update failed!',
  loadFailed: 'Error fetching data!',
  fallback: 'Something went wrong!',
  logInAgain: 'Please log in again!',
  notLoggedIn: 'Please log in to see your profile.',
  noSubjects: 'No subjects assigned to your account.',
  requiresRecentLogin: 'For your safety, please log in again before changing your e-mail or password.',
  emailTaken: 'That e-mail is taken by another account.',
  wrongCurrentPassword: 'The current password is not correct.',
  unknownField: 'Only name, email or password can be updated here.',
  classSetByInstitute: 'Your class is set by your institute.',
  avatarType: 'Only .png and .jpg images can be used as the avatar.',
  avatarTooLarge: 'The image is larger than 2 MB.',
  avatarNotUploaded: 'The image has not been uploaded yet.',
  avatarBadFile: 'This file name was not given out for your avatar.',
  avatarBadLink: 'This upload link is not valid or has expired; ask for a new one.',
  avatarNotImage: 'The file is not a valid .png or .jpg image.',
} as const;

/** The rule messages of spec section 5 (Profile). */
export const PROFILE_RULES = {
  required: 'Required.',
  minName: 'Min 3 characters',
  email: 'Invalid e-mail.',
  minPassword: 'Min 6 characters',
  /** The password fields' hint. */
  passwordHint: 'At least 6 characters',
  address: 'Max 255 characters',
  institute: 'Max 200 characters',
  phone: 'Invalid phone number',
} as const;

export const REQUIRES_RECENT_LOGIN = 'auth/requires-recent-login';
/** How recent a sign-in must be to change the e-mail or the password (Firebase's rule is of this order). */
export const RECENT_LOGIN_WINDOW_SECONDS = 5 * 60;

/** The e-mail shape both the form and the server check. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\d{10}$/;
export const MAX_ADDRESS_LENGTH = 255;
/** As the import takes it. */
export const MAX_INSTITUTE_LENGTH = 200;

export const BASIC_FIELDS = ['name', 'email', 'password'] as const;
export type BasicField = (typeof BASIC_FIELDS)[number];

export const AVATAR_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
export type AvatarContentType = keyof typeof AVATAR_TYPES;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** What the file input accepts (spec: .png and .jpg). */
export const AVATAR_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
