import type { Kysely } from 'kysely';

// Reserved for fees in the staff console (issue 30): filled in by that work.
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
