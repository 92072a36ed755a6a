import { z } from 'zod';

/**
 * Per-user config flags (menu flags, ALLOW_CHANGE_PASSWORD, SKIP_PREPARE, ALLOWED_FILE_UPLOAD...).
 * Institutes write them by hand, so values may be booleans, numbers or strings such as 'true'.
 */
export const userConfigSchema = z.record(z.string(), z.union([z.boolean(), z.number(), z.string()]));
export type UserConfig = z.infer<typeof userConfigSchema>;

/** The claims of the session token (spec section 3), plus the standard iat. */
export const tokenClaimsSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  meritpoints: z.number(),
  avatar: z.string().nullable(),
  config: userConfigSchema,
  exp: z.number().int(),
  iat: z.number().int().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

const trimmed = (max: number) => z.string().trim().max(max);

/** POST /login. `phone` holds an email or a registration number (spec section 3). */
export const loginRequestSchema = z.object({
  phone: trimmed(254).min(1, 'Email or registration number is required.'),
  password: z.string().min(6, 'Password must be at least 6 characters.').max(200),
  referral: trimmed(100).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * Reply of POST /login and POST /verifyOTP. When `verifyOTP` is true no token is issued:
 * the account must first be verified with the one-time code the institute sent.
 */
export const loginReplySchema = z.object({
  message: z.string(),
  verifyOTP: z.boolean(),
  token: z.string().optional(),
});
export type LoginReply = z.infer<typeof loginReplySchema>;

/** POST /verifyOTP: the identifier used at login, its password and the code that was sent. */
export const verifyOtpRequestSchema = z.object({
  phone: trimmed(254).min(1, 'Email or registration number is required.'),
  password: z.string().min(6, 'Password must be at least 6 characters.').max(200),
  otp: z.string().trim().regex(/^\d{6}$/, 'The code has 6 digits.'),
});
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

/** GET /user: the current user (spec section 3, User). */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  meritpoints: z.number(),
  avatar: z.string().nullable(),
  config: userConfigSchema,
});
export type User = z.infer<typeof userSchema>;
export const userReplySchema = z.object({ user: userSchema });
export type UserReply = z.infer<typeof userReplySchema>;

/** POST /changePassword. */
export const changePasswordRequestSchema = z
  .object({
    old_password: z.string().min(1, 'Old password is required.').max(200),
    password: z.string().min(6, 'Password must be at least 6 characters.').max(200),
    password_confirmation: z.string().max(200),
  })
  .refine((body) => body.password === body.password_confirmation, {
    message: "Password doesn't match",
    path: ['password_confirmation'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

/**
 * Reply of POST /changePassword. Changing the password ends every other session (tokens issued
 * before the change stop working), so the reply carries a fresh token for this one.
 */
export const changePasswordReplySchema = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordReply = z.infer<typeof changePasswordReplySchema>;

/** Reply of POST /logout: the session's token no longer works. */
export const logoutReplySchema = z.object({ message: z.string() });
export type LogoutReply = z.infer<typeof logoutReplySchema>;

/** Messages the spec fixes word for word. */
export const AUTH_MESSAGES = {
  passwordUpdated: 'Password updated!',
  signedOut: 'Signed out successfully!',
  loginRequired: 'Log in required!',
  loginFailed: 'Error! please login again.',
  wrongCredentials: 'Invalid email/registration number or password.',
  wrongOldPassword: 'Old password is incorrect.',
  otpRequired: 'Please verify your account with the code sent to you.',
  otpWrong: 'The code is wrong or has expired.',
  accountDisabled: 'This account is disabled. Please contact your institute.',
  tooManyAttempts: (seconds: number) => `Too many login attempts. Please try again in ${seconds} seconds.`,
} as const;
