import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { normaliseEmail } from '../auth/auth-module';

export interface ProfileRow {
  classId: string | null;
  className: string | null;
  address: string;
  institute: string;
}

export interface PurchaseRow {
  createdAt: number;
  meritpoints: number;
  amountPaise: number;
}

/** A unique constraint refused the write (SQLite or PostgreSQL). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** What the profile reads and changes beyond sign-in: student_profiles, the class's subjects, purchases, and the user's own fields. */
export function createProfileRepository(db: Kysely<Database>) {
  return {
    async profileOf(userId: string): Promise<ProfileRow | undefined> {
      const row = await db
        .selectFrom('student_profiles')
        .leftJoin('classes', 'classes.id', 'student_profiles.class_id')
        .select(['student_profiles.class_id', 'classes.name as class_name', 'student_profiles.address', 'student_profiles.institute'])
        .where('student_profiles.user_id', '=', userId)
        .executeTakeFirst();
      return row && { classId: row.class_id, className: row.class_name ?? null, address: row.address, institute: row.institute };
    },

    /** The subjects the class is taught, by name. */
    async subjectsOfClass(classId: string): Promise<{ id: string; name: string }[]> {
      return db
        .selectFrom('class_subjects')
        .innerJoin('subjects', 'subjects.id', 'class_subjects.subject_id')
        .select(['subjects.id', 'subjects.name'])
        .where('class_subjects.class_id', '=', classId)
        .orderBy('subjects.name')
        .orderBy('subjects.id')
        .execute();
    },

    /** Merit point purchases, newest first. */
    async purchasesOf(userId: string): Promise<PurchaseRow[]> {
      const rows = await db
        .selectFrom('purchases')
        .select(['created_at', 'meritpoints', 'amount_paise'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ createdAt: Number(row.created_at), meritpoints: Number(row.meritpoints), amountPaise: Number(row.amount_paise) }));
    },

    async setName(userId: string, name: string): Promise<void> {
      await db.updateTable('users').set({ name }).where('id', '=', userId).execute();
    },

    /** False when another account has that e-mail (checked first, and by the unique index in a race). */
    async setEmail(userId: string, email: string): Promise<boolean> {
      const wanted = normaliseEmail(email);
      const other = await db.selectFrom('users').select('id').where('email', '=', wanted).where('id', '!=', userId).executeTakeFirst();
      if (other) return false;
      try {
        await db.updateTable('users').set({ email: wanted }).where('id', '=', userId).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async setPhone(userId: string, phone: string): Promise<void> {
      await db.updateTable('users').set({ phone }).where('id', '=', userId).execute();
    },

    async setAvatar(userId: string, avatar: string | null): Promise<void> {
      await db.updateTable('users').set({ avatar }).where('id', '=', userId).execute();
    },

    /** Whether a student's avatar is this stored image. */
    async avatarInUse(avatar: string): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('avatar', '=', avatar).executeTakeFirst()) !== undefined;
    },

    /** Saves the given student_profiles fields, creating the row (no class) if the student has none. */
    async saveProfileFields(userId: string, fields: { address?: string; institute?: string }, now: number): Promise<void> {
      const values = { ...fields, updated_at: now };
      await db
        .insertInto('student_profiles')
        .values({ user_id: userId, class_id: null, address: fields.address ?? '', institute: fields.institute ?? '', city: '', updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
