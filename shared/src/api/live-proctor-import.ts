import { z } from 'zod';
import { idSchema } from './import-fields';

/**
 * The import file's `proctors` section (issue 12): proctor accounts and the tests each watches.
 * An existing proctor (same email) gets the name, the tests, and the password when one is given;
 * a new one needs a password. `tests` is the whole list: tests left out are no longer theirs.
 */
export const importProctorSchema = z.strictObject({
  email: z.email('A proctor needs a valid email.').max(254),
  name: z.string().trim().min(1, 'A proctor needs a name.').max(200),
  password: z.string().min(6, 'Password must be at least 6 characters.').max(200).optional(),
  tests: z.array(idSchema).max(10_000).default([]),
});
export type ImportProctor = z.infer<typeof importProctorSchema>;

export const proctorSectionsShape = {
  proctors: z.array(importProctorSchema).max(10_000).default([]),
};
