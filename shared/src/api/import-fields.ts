import { z } from 'zod';

/** The fields every section of the import file shares (portal, fees, study, queries, certificates). */

export const idSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'An id is 1 to 64 letters, digits, "-" or "_", starting with a letter or digit.');

export const instantSchema = z.iso.datetime({ offset: true, message: 'A date-time looks like 2025-03-01T09:00:00+05:30 (with Z or an offset).' });

/** A link a student opens: https (or http), or a path on this server ('/blobs/public/...'). */
export const linkSchema = z
  .string()
  .trim()
  .max(2_000)
  .refine((url) => /^https?:\/\/[^\s]+$/i.test(url) || /^\/[^/\s][^\s]*$/.test(url), 'A link starts with https:// (or http://), or with / for a file on this server.');
