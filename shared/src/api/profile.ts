import { z } from 'zod';
import { errorReplySchema } from './common';
import {
  AVATAR_TYPES,
  EMAIL_PATTERN,
  MAX_ADDRESS_LENGTH,
  MAX_INSTITUTE_LENGTH,
  PHONE_PATTERN,
  PROFILE_MESSAGES,
  PROFILE_RULES,
  REQUIRES_RECENT_LOGIN,
  type AvatarContentType,
} from './profile-messages';

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

export {
  AVATAR_ACCEPT,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  BASIC_FIELDS,
  EMAIL_PATTERN,
  MAX_ADDRESS_LENGTH,
  MAX_INSTITUTE_LENGTH,
  PHONE_PATTERN,
  PROFILE_MESSAGES,
  PROFILE_RULES,
  RECENT_LOGIN_WINDOW_SECONDS,
  REQUIRES_RECENT_LOGIN,
} from './profile-messages';
export type { AvatarContentType, BasicField } from './profile-messages';

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
