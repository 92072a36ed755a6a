import { z } from 'zod';

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

export * from './upload-types';

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
