import { isFlagOn } from '../domain/config-flag';

// Plain constants of the upload contract (see uploads.ts), apart from the schemas so the portal's
// pages that upload files do not load the schema library.

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

