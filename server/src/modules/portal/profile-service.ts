import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES } from '@invigil/shared/api/auth';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, PROFILE_MESSAGES, RECENT_LOGIN_WINDOW_SECONDS } from '@invigil/shared/api/profile';
import type {
  AvatarContentType,
  PresignAvatarReply,
  Profile,
  SaveAvatarReply,
  UpdateEmailRequest,
  UpdateNameRequest,
  UpdateOtherRequest,
  UpdatePasswordRequest,
} from '@invigil/shared/api/profile';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { ProfileRepository } from './profile-repository';
import type { UserRecord } from '../auth/auth-module';
import type { AuthService } from '../auth/auth-module';
import type { TokenService } from '../auth/auth-module';
import { UploadTooLargeError } from '../../platform/storage/upload-store';
import type { UploadStore } from '../../platform/storage/upload-store';
import { avatarLink, STORED_AVATAR_PREFIX } from '../auth/auth-module';

/** Where the avatar's signed PUT URL points (outside /api, like the answer uploads' PUT). */
export const AVATAR_PUT_PREFIX = '/blobs/avatar';

/** 16 hex of randomness, then 24 hex of an HMAC binding the name to its student. */
const AVATAR_KEY = /^([0-9a-f]{16})([0-9a-f]{24})\.(png|jpg)$/;

export interface ProfileServiceDeps {
  profiles: ProfileRepository;
  auth: AuthService;
  tokens: TokenService;
  store: UploadStore;
  clock: Clock;
  logger: Logger;
  /** Keys the HMAC of avatar file names. */
  secret: string;
}

const recentLoginWindowMs = RECENT_LOGIN_WINDOW_SECONDS * 1000;

/** The student's profile and its updates (spec: Profile; sections 5, 7, 8). */
export function createProfileService({ profiles, auth, tokens, store, clock, logger, secret }: ProfileServiceDeps) {
  const avatarKeyMac = createHmac('sha256', secret).update('invigil-avatar-keys').digest();
  const macOf = (userId: string, nonce: string) => createHmac('sha256', avatarKeyMac).update(`${userId}\n${nonce}`).digest('hex').slice(0, 24);

  /** Is `fileKey` an avatar name given out to this student? */
  function isOwnAvatarKey(userId: string, fileKey: string): boolean {
    const match = AVATAR_KEY.exec(fileKey);
    if (!match) return false;
    const expected = Buffer.from(macOf(userId, match[1] as string));
    const given = Buffer.from(match[2] as string);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  const avatarUrl = (avatar: string | null, now: number): string | null => avatarLink(store, avatar, now);

  return {
    /**
     * Was this token issued (by a login, or a password change) within the recent-login window?
     * Changing the e-mail or the password needs that (docs/decisions/0021-recent-login.md).
     */
    isRecentLogin(token: string | undefined): boolean {
      const claims = token ? tokens.verify(token) : null;
      if (!claims || claims.iat === undefined) return false;
      return clock.now() - claims.iat * 1000 <= recentLoginWindowMs;
    },

    /** GET /user/profile. */
    async profile(user: UserRecord): Promise<Profile> {
      const now = clock.now();
      const row = await profiles.profileOf(user.id);
      const subjects = row?.classId ? await profiles.subjectsOfClass(row.classId) : [];
      const payments = (await profiles.purchasesOf(user.id)).map((purchase) => ({
        created_at: purchase.createdAt,
        meritpoints: purchase.meritpoints,
        amount: purchase.amountPaise / 100,
      }));
      return {
        name: user.name,
        email: user.email,
        phone: user.phone,
        avatar: avatarUrl(user.avatar, now),
        class: row?.className ?? null,
        subjects,
        address: row?.address ?? '',
        institute: row?.institute ?? '',
        payments,
      };
    },

    async updateName(user: UserRecord, request: UpdateNameRequest): Promise<void> {
      await profiles.setName(user.id, request.name);
    },

    /** The caller has checked the sign-in is recent. 409 when another account has the e-mail. */
    async updateEmail(user: UserRecord, request: UpdateEmailRequest): Promise<void> {
      if (!(await profiles.setEmail(user.id, request.email))) {
        throw new AppError('conflict', PROFILE_MESSAGES.emailTaken, { issues: [{ path: 'email', message: PROFILE_MESSAGES.emailTaken }] });
      }
      logger.info(`E-mail changed for user ${user.id}.`);
    },

    /**
     * The caller has checked the sign-in is recent. The password change of POST /changePassword:
     * the current password checked (and counted by the sign-in limits), every other session ended;
     * returns this session's new token.
     */
    async updatePassword(user: UserRecord, request: UpdatePasswordRequest, ip: string): Promise<string> {
      try {
        return await auth.changePassword(user, { old_password: request.current_password, password: request.password, password_confirmation: request.password }, ip);
      } catch (error) {
        if (error instanceof AppError && error.message === AUTH_MESSAGES.wrongOldPassword) {
          throw new AppError('unprocessable', PROFILE_MESSAGES.wrongCurrentPassword, {
            issues: [{ path: 'current_password', message: PROFILE_MESSAGES.wrongCurrentPassword }],
          });
        }
        throw error;
      }
    },

    /** POST /update/other: the fields sent are saved; the class only as it is (the institute sets it). */
    async updateOther(user: UserRecord, request: UpdateOtherRequest): Promise<void> {
      const wantedClass = request.calss ?? request.class;
      if (wantedClass) {
        const row = await profiles.profileOf(user.id);
        if (wantedClass !== row?.className && wantedClass !== row?.classId) {
          throw new AppError('unprocessable', PROFILE_MESSAGES.classSetByInstitute, { issues: [{ path: 'calss', message: PROFILE_MESSAGES.classSetByInstitute }] });
        }
      }
      if (request.phone !== undefined) await profiles.setPhone(user.id, request.phone);
      if (request.address !== undefined || request.institute !== undefined) {
        const fields: { address?: string; institute?: string } = {};
        if (request.address !== undefined) fields.address = request.address;
        if (request.institute !== undefined) fields.institute = request.institute;
        await profiles.saveProfileFields(user.id, fields, clock.now());
      }
    },

    /** POST /presignAvatar: a name bound to this student and a signed URL to PUT the image to. */
    async presignAvatar(user: UserRecord, contentType: AvatarContentType): Promise<PresignAvatarReply> {
      const nonce = randomBytes(8).toString('hex');
      const fileName = `${nonce}${macOf(user.id, nonce)}.${AVATAR_TYPES[contentType]}`;
      // The store signs method, name, expiry and type; only the path differs from an answer upload's.
      const signedURL = await store.putUrl(fileName, contentType, clock.now(), AVATAR_PUT_PREFIX);
      return { fileName, signedURL };
    },

    /** PUT /blobs/avatar/{file}: stores the image if the link is valid and the bytes are a png or jpg of at most 2 MB. */
    async receiveAvatar(fileKey: string, query: { e?: string; s?: string }, contentType: string, body: AsyncIterable<Uint8Array>): Promise<void> {
      const match = AVATAR_KEY.exec(fileKey);
      const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!match || !store.verify('PUT', fileKey, query, clock.now(), type)) throw new AppError('forbidden', PROFILE_MESSAGES.avatarBadLink);
      // A saved avatar is the photo the identity check compares against: its link cannot replace it afterwards.
      if (await profiles.avatarInUse(`${STORED_AVATAR_PREFIX}${fileKey}`)) throw new AppError('forbidden', PROFILE_MESSAGES.avatarBadLink);
      const ext = match[3] as 'png' | 'jpg';
      let written: { size: number; typeOk: boolean };
      try {
        written = await store.write(fileKey, ext, body, AVATAR_MAX_BYTES);
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw new AppError('payload_too_large', PROFILE_MESSAGES.avatarTooLarge);
        throw error;
      }
      if (!written.typeOk) throw new AppError('unprocessable', PROFILE_MESSAGES.avatarNotImage);
    },

    /** POST /saveAvatar: the uploaded image becomes the student's avatar; the one before is removed. */
    async saveAvatar(user: UserRecord, fileName: string): Promise<SaveAvatarReply> {
      if (!isOwnAvatarKey(user.id, fileName)) throw new AppError('not_found', PROFILE_MESSAGES.avatarBadFile);
      // The bytes are checked here too: a PUT straight to S3 never passed this server.
      const checked = await store.check(fileName, AVATAR_KEY.exec(fileName)?.[3] as 'png' | 'jpg', AVATAR_MAX_BYTES);
      if (checked.status === 'missing') throw new AppError('conflict', PROFILE_MESSAGES.avatarNotUploaded);
      if (checked.status === 'too_large') throw new AppError('payload_too_large', PROFILE_MESSAGES.avatarTooLarge);
      if (checked.status === 'wrong_type') throw new AppError('unprocessable', PROFILE_MESSAGES.avatarNotImage);
      const stored = `${STORED_AVATAR_PREFIX}${fileName}`;
      await profiles.setAvatar(user.id, stored);
      const before = user.avatar?.startsWith(STORED_AVATAR_PREFIX) ? user.avatar.slice(STORED_AVATAR_PREFIX.length) : null;
      if (before && before !== fileName && isOwnAvatarKey(user.id, before)) await store.remove(before);
      return { message: PROFILE_MESSAGES.updated, avatar: store.getUrl(fileName, clock.now()) };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
