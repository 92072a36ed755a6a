import { z } from 'zod';
import { errorReplySchema } from './common';

/**
 * The profile (spec sections 2 Profile, 3 Profile, 5 Profile rules, 7, 8 Profile messages).
 *
 *   GET  /user/profile             -> data: name, email, phone, avatar, class, subjects, address, institute, payments
 *   POST /update/basic/name        name                          -> message
 *   POST /update/basic/email       email                         -> message (recent sign-in needed)
 *   POST /update/basic/password    password, current_password    -> message, token (recent sign-in needed)
 *   POST /update/other             phone, institute, calss (or class), address  -> message
 *   POST /presignAvatar            contentType image/png | image/jpeg            -> fileName, signedURL
 *   PUT  {signedURL}               the image's bytes, with that Content-Type
 *   POST /saveAvatar               fileName                      -> message, avatar
 *
 * Changing the e-mail or the password needs a sign-in of the last RECENT_LOGIN_WINDOW_SECONDS
 * (docs/decisions/0021-recent-login.md): an older one gets a 403 whose `code` is
 * 'auth/requires-recent-login', and the portal asks the student to log in again.
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

/** A string field; a missing one says 'Required.' like an empty one. */
const text = () => z.string({ error: (issue) => (issue.input === undefined ? PROFILE_RULES.required : 'Must be text.') });

const name = text().trim().min(1, PROFILE_RULES.required).min(3, PROFILE_RULES.minName).max(100, 'Max 100 characters');
const email = text().trim().min(1, PROFILE_RULES.required).max(254, 'Max 254 characters').regex(EMAIL_PATTERN, PROFILE_RULES.email);
const password = text().min(1, PROFILE_RULES.required).min(6, PROFILE_RULES.minPassword).max(200, 'Max 200 characters');

export const updateNameRequestSchema = z.object({ name });
export const updateEmailRequestSchema = z.object({ email });
export const updatePasswordRequestSchema = z.object({
  password,
  current_password: text().min(1, PROFILE_RULES.required).max(200, 'Max 200 characters'),
});
export type UpdateNameRequest = z.infer<typeof updateNameRequestSchema>;
export type UpdateEmailRequest = z.infer<typeof updateEmailRequestSchema>;
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

export const basicRequestSchemas = {
  name: updateNameRequestSchema,
  email: updateEmailRequestSchema,
  password: updatePasswordRequestSchema,
} as const;

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

/**
 * POST /update/other. Every field is optional: the ones sent are saved. `calss` is the spec's
 * spelling; `class` is accepted too. The class is the institute's to set: a value other than the
 * student's class (its name or id) is refused.
 */
export const updateOtherRequestSchema = z.object({
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || PHONE_PATTERN.test(value), PROFILE_RULES.phone)
    .optional(),
  institute: optionalText(MAX_INSTITUTE_LENGTH, PROFILE_RULES.institute),
  calss: optionalText(100, 'Max 100 characters'),
  class: optionalText(100, 'Max 100 characters'),
  address: optionalText(MAX_ADDRESS_LENGTH, PROFILE_RULES.address),
});
export type UpdateOtherRequest = z.infer<typeof updateOtherRequestSchema>;

export const profileSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** A URL the browser can show (signed for an uploaded avatar), or null. */
  avatar: z.string().nullable(),
  /** The class's name, or null when the student has none. */
  class: z.string().nullable(),
  subjects: z.array(z.object({ id: z.string(), name: z.string() })),
  address: z.string(),
  institute: z.string(),
  /** Merit point purchases, newest first; amount in rupees. */
  payments: z.array(z.object({ created_at: z.number(), meritpoints: z.number(), amount: z.number() })),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileReplySchema = z.object({ data: profileSchema });
export type ProfileReply = z.infer<typeof profileReplySchema>;

export const updateReplySchema = z.object({ message: z.string() });
export type UpdateReply = z.infer<typeof updateReplySchema>;
/** A password change ends every other session: this one continues with the new token. */
export const updatePasswordReplySchema = updateReplySchema.extend({ token: z.string() });
export type UpdatePasswordReply = z.infer<typeof updatePasswordReplySchema>;

export const recentLoginErrorSchema = errorReplySchema.extend({ code: z.literal(REQUIRES_RECENT_LOGIN) });
export type RecentLoginError = z.infer<typeof recentLoginErrorSchema>;

export const AVATAR_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
export type AvatarContentType = keyof typeof AVATAR_TYPES;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** What the file input accepts (spec: .png and .jpg). */
export const AVATAR_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

export const presignAvatarRequestSchema = z
  .object({
    contentType: z.string().max(100).optional(),
    /** The spec's uploads elsewhere name it content_type. */
    content_type: z.string().max(100).optional(),
  })
  .transform((body, context) => {
    const type = (body.contentType ?? body.content_type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!(type in AVATAR_TYPES)) {
      context.addIssue({ code: 'custom', path: ['contentType'], message: PROFILE_MESSAGES.avatarType });
      return z.NEVER;
    }
    return { contentType: type as AvatarContentType };
  });
export type PresignAvatarRequest = z.input<typeof presignAvatarRequestSchema>;

export const presignAvatarReplySchema = z.object({ fileName: z.string(), signedURL: z.string() });
export type PresignAvatarReply = z.infer<typeof presignAvatarReplySchema>;

export const saveAvatarRequestSchema = z.object({ fileName: z.string().regex(/^[a-z0-9]{8,64}\.(png|jpg)$/, PROFILE_MESSAGES.avatarBadFile) });
export type SaveAvatarRequest = z.infer<typeof saveAvatarRequestSchema>;
export const saveAvatarReplySchema = updateReplySchema.extend({ avatar: z.string() });
export type SaveAvatarReply = z.infer<typeof saveAvatarReplySchema>;
