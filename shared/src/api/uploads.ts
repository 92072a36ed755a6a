import { z } from 'zod';
import { isFlagOn } from '../domain/config-flag';

/**
 * Answer uploads (spec section 7): ask for a signed URL, PUT the file to it, then save the record.
 *
 *   POST /presignURL/{testId}/{qn}/{ext}        test_id, content_type        -> fileName, signedURL
 *   PUT  {signedURL}                            the file's bytes
 *   POST /savePresignedURL/{testId}/{qn}/{ext}  test_id, content_type, fileName -> newData
 *   POST /fileUploadOverall/{testId}/{qn}/{ext} multipart test_id, data      -> newData (one step)
 *   POST /deleteFile                            test_id, qn, file_name       -> newData
 *   POST /deleteOverAllFile                     test_id, file_name, type     -> message
 *
 * `qn` 0 means the whole attempt (answer-sheet PDFs and images, `pu` and `iu` of userData); a
 * question number attaches images or audio to that question (its `iu` / `au`). Bodies may be JSON
 * or a form, as the spec's client sends forms. The lists hold URLs the student may open: signed,
 * short-lived, for the owner only; the last path segment is the file name the delete calls take.
 */

/** Spec section 5: the upload type map. */
export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'wav', 'pdf'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** ALLOWED_FILE_UPLOAD names categories; without it, all of these are allowed. */
export const UPLOAD_CATEGORIES = ['image', 'pdf', 'excel', 'video', 'audio'] as const;
export type UploadCategory = (typeof UPLOAD_CATEGORIES)[number];

export interface UploadType {
  category: UploadCategory;
  /** The Content-Type the PUT must declare. */
  contentType: string;
  maxBytes: number;
}

const MB = 1024 * 1024;

export const UPLOAD_TYPES: Record<UploadExtension, UploadType> = {
  png: { category: 'image', contentType: 'image/png', maxBytes: 10 * MB },
  jpg: { category: 'image', contentType: 'image/jpeg', maxBytes: 10 * MB },
  jpeg: { category: 'image', contentType: 'image/jpeg', maxBytes: 10 * MB },
  wav: { category: 'audio', contentType: 'audio/wav', maxBytes: 30 * MB },
  pdf: { category: 'pdf', contentType: 'application/pdf', maxBytes: 25 * MB },
};

export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_TYPES).map((type) => type.maxBytes));

/** Spec section 8, word for word. */
export const UPLOAD_MESSAGES = {
  uploaded: 'File Upload Successfull.',
  fileFailed: 'File upload failed. Please try again.',
  failed: 'Upload failed! Please try again',
  mediaFailed: (kind: 'image' | 'audio') => `${kind} upload failed. Please try again.`,
  deleted: 'File deleted!',
  deleteFailed: 'Delete failed! Please try again',
  deleteFailedOther: 'Failed to delete. Please try again.',
} as const;

/** Spec section 5: images are compressed to quality 0.8 within 1080x720 before upload. */
export const IMAGE_COMPRESSION = { quality: 0.8, maxWidth: 1080, maxHeight: 720 } as const;

/** Shown once when time left falls below NOTIFY_UPLOAD_BEFORE (domain/constants.ts; the text speaks of 10 minutes). */
export const UPLOAD_WARNING_MESSAGE = 'Less than 10 mins left. Upload your answer sheets now if you have not done so.';

export function isUploadExtension(value: string): value is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(value);
}

/** Categories a student may upload: ALLOWED_FILE_UPLOAD (a list or 'image,pdf'), else all. */
export function allowedUploadCategories(userConfig: Record<string, unknown>): Set<UploadCategory> {
  const raw = userConfig['ALLOWED_FILE_UPLOAD'];
  const listed = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,]+/) : [];
  const known = listed
    .map((item) => String(item).trim().toLowerCase())
    .filter((item): item is UploadCategory => (UPLOAD_CATEGORIES as readonly string[]).includes(item));
  return new Set(known.length > 0 ? known : UPLOAD_CATEGORIES);
}

/** The test takes answer-sheet PDFs during the attempt (PDF_UPLOAD, or answers only by PDF). */
export function testTakesPdf(testConfig: Record<string, unknown>): boolean {
  return isFlagOn(testConfig['PDF_UPLOAD']) || isFlagOn(testConfig['ONLY_PDF_ANSWER']);
}

/** The file name inside an upload URL (its last path segment), as the delete calls take it. */
export function uploadFileName(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}

const testId = z.string().min(1).max(64);
const fileName = z.string().regex(/^[a-z0-9]{8,64}\.(png|jpg|jpeg|wav|pdf)$/, 'The file name is not one this server gave out.');

export const presignRequestSchema = z.object({
  test_id: testId,
  content_type: z.string().min(1).max(100),
  /** The spec's optional storage bucket; one store here, so it is accepted and ignored. */
  bucket: z.string().max(100).optional(),
});
export type PresignRequest = z.infer<typeof presignRequestSchema>;

export const presignReplySchema = z.object({ fileName, signedURL: z.string() });
export type PresignReply = z.infer<typeof presignReplySchema>;

export const savePresignedRequestSchema = presignRequestSchema.extend({ fileName });
export type SavePresignedRequest = z.infer<typeof savePresignedRequestSchema>;

export const deleteFileRequestSchema = z.object({
  test_id: testId,
  qn: z.coerce.number().int().nonnegative().max(10_000),
  file_name: fileName,
});
export type DeleteFileRequest = z.infer<typeof deleteFileRequestSchema>;

export const deleteOverallFileRequestSchema = z.object({
  test_id: testId,
  file_name: fileName,
  /** 'pdf' or 'image': which list the file is in (the server knows; checked for agreement). */
  type: z.enum(['pdf', 'image']),
});
export type DeleteOverallFileRequest = z.infer<typeof deleteOverallFileRequestSchema>;

/** A question's uploads after a change (qn > 0). */
export const questionUploadsSchema = z.object({ qn: z.number().int().positive(), iu: z.array(z.string()), vu: z.array(z.string()), au: z.array(z.string()) });
/** The attempt's own uploads after a change (qn 0). */
export const overallUploadsSchema = z.object({ qn: z.literal(0), iu: z.array(z.string()), pu: z.array(z.string()) });

export const newDataReplySchema = z.object({ newData: z.union([questionUploadsSchema, overallUploadsSchema]), message: z.string() });
export type NewDataReply = z.infer<typeof newDataReplySchema>;
export type QuestionUploads = z.infer<typeof questionUploadsSchema>;
export type OverallUploads = z.infer<typeof overallUploadsSchema>;
