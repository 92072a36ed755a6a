import { allowedUploadCategories, type UploadCategory } from './upload-types';

/**
 * Study material's types, labels, messages and the assignment upload types, apart from the zod
 * schemas (study.ts) so the portal's study screens take them without zod.
 */

/** The item types as stored and as the `type` query value takes them. */
export const STUDY_TYPES = ['assignment', 'homework', 'material', 'video-lecture'] as const;
export type StudyType = (typeof STUDY_TYPES)[number];

/** Spec: the type filter's labels (All Type, Assignment, Home Work, Material, Video-Lecture). */
export const STUDY_TYPE_LABELS: Record<StudyType, string> = {
  assignment: 'Assignment',
  homework: 'Home Work',
  material: 'Material',
  'video-lecture': 'Video-Lecture',
};
export const ALL_TYPES_LABEL = 'All Type';

export function isStudyType(value: unknown): value is StudyType {
  return typeof value === 'string' && (STUDY_TYPES as readonly string[]).includes(value);
}

/** Assignments and home work take the student's files (the upload view) and may be scored. */
export function takesUploads(type: StudyType): boolean {
  return type === 'assignment' || type === 'homework';
}

/** Spec section 9: the study list's page size. */
export const STUDY_PAGE_SIZE = 10;

export const STUDY_MESSAGES = {
  nothingPublished: 'NO STUDY MATERIAL PUBLISHED!',
  /** Spec: 'NO {TYPE} FOUND', the type's label in capitals. */
  noneOfType: (type: StudyType | null) => `NO ${type ? STUDY_TYPE_LABELS[type].toUpperCase() : 'STUDY MATERIAL'} FOUND`,
  noUploads: 'UPLOADED FILES WILL BE SHOWN HERE!',
  uploaded: 'UPLOAD SUCCESSFULL',
  uploadFailed: 'UPLOAD FAILED! PLEASE TRY AGAIN.',
  webcamPermission: 'Please allow this website to access webcam!',
  deleted: 'File deleted!',
  deleteFailed: 'Delete failed! Please try again',
  loadFailed: 'Failed fetching data!',
  itemNotFound: 'There is no such study item.',
  noUploadsForType: 'Files are uploaded only to assignments and home work.',
  resultPublished: 'The result is published: the uploads of this item can no longer change.',
  notAllowedType: 'This type of file is not allowed for upload.',
  noSuchFile: 'There is no such uploaded file.',
  notUploadedYet: 'The file has not been uploaded yet.',
  badSignature: 'This upload link is not valid or has expired; ask for a new one.',
  tooLarge: (maxBytes: number) => `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`,
  notThatType: (ext: string) => `The file is not a valid .${ext} file.`,
  tooMany: (max: number) => `An item takes at most ${max} files.`,
  waiting: 'Waiting for a connection: it is sent as soon as you are online.',
} as const;

/** At most this many files per student and item. */
export const MAX_STUDY_UPLOADS = 30;

const MB = 1024 * 1024;

/** What the assignment upload takes (spec section 5: images, xlsx, xls, pdf, video, audio). */
export const STUDY_UPLOAD_TYPES = {
  png: { category: 'image', contentType: 'image/png', maxBytes: 10 * MB },
  jpg: { category: 'image', contentType: 'image/jpeg', maxBytes: 10 * MB },
  jpeg: { category: 'image', contentType: 'image/jpeg', maxBytes: 10 * MB },
  webp: { category: 'image', contentType: 'image/webp', maxBytes: 10 * MB },
  pdf: { category: 'pdf', contentType: 'application/pdf', maxBytes: 25 * MB },
  xlsx: { category: 'excel', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', maxBytes: 10 * MB },
  xls: { category: 'excel', contentType: 'application/vnd.ms-excel', maxBytes: 10 * MB },
  mp4: { category: 'video', contentType: 'video/mp4', maxBytes: 100 * MB },
  webm: { category: 'video', contentType: 'video/webm', maxBytes: 100 * MB },
  mp3: { category: 'audio', contentType: 'audio/mpeg', maxBytes: 30 * MB },
  wav: { category: 'audio', contentType: 'audio/wav', maxBytes: 30 * MB },
  m4a: { category: 'audio', contentType: 'audio/mp4', maxBytes: 30 * MB },
  ogg: { category: 'audio', contentType: 'audio/ogg', maxBytes: 30 * MB },
} as const satisfies Record<string, { category: UploadCategory; contentType: string; maxBytes: number }>;
export type StudyUploadExtension = keyof typeof STUDY_UPLOAD_TYPES;
export const STUDY_UPLOAD_EXTENSIONS = Object.keys(STUDY_UPLOAD_TYPES) as StudyUploadExtension[];

/** Content types a browser may give the same files (audio/x-wav, audio/webm...), and the extension each is stored as. */
const CONTENT_TYPE_ALIASES: Record<string, StudyUploadExtension> = {
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/webm': 'webm',
  'audio/x-m4a': 'm4a',
  'audio/mp3': 'mp3',
  'image/jpg': 'jpg',
};

/** The extension a file of `contentType` is stored as, or null when the upload does not take it. */
export function studyExtensionOf(contentType: string): StudyUploadExtension | null {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const alias = CONTENT_TYPE_ALIASES[type];
  if (alias) return alias;
  const found = STUDY_UPLOAD_EXTENSIONS.find((ext) => STUDY_UPLOAD_TYPES[ext].contentType === type);
  return found ?? null;
}

/** The content type a chosen file is sent as: its own, else the one its name's extension says. */
export function studyContentTypeOf(file: { type: string; name: string }): string | null {
  if (file.type && studyExtensionOf(file.type)) return file.type.split(';')[0]?.trim().toLowerCase() ?? null;
  const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  return ext in STUDY_UPLOAD_TYPES ? STUDY_UPLOAD_TYPES[ext as StudyUploadExtension].contentType : null;
}

/** The file picker's accept list for a student's config (ALLOWED_FILE_UPLOAD, else every category). */
export function studyAcceptList(userConfig: Record<string, unknown>): string {
  const allowed = allowedUploadCategories(userConfig);
  const types = new Set<string>();
  for (const ext of STUDY_UPLOAD_EXTENSIONS) {
    const type = STUDY_UPLOAD_TYPES[ext];
    if (!allowed.has(type.category)) continue;
    types.add(`.${ext}`);
    types.add(type.contentType);
  }
  return [...types].join(',');
}

/** The keys the upload lists are grouped by (spec section 3): images, PDFs, excels, videos, audios. */
export const UPLOAD_GROUPS = { image: 'iu', pdf: 'pu', excel: 'eu', video: 'vu', audio: 'au' } as const satisfies Record<UploadCategory, string>;
export type UploadGroupKey = (typeof UPLOAD_GROUPS)[UploadCategory];

/** Spec section 9: sizes in MB of 1048576 bytes. */
export function sizeInMb(bytes: number): string {
  return `${(bytes / MB).toFixed(2)} MB`;
}

/** Spec section 9: the snapshot is 640x360, saved as WebP and named Snapshot.png. */
export const SNAPSHOT = { width: 640, height: 360, type: 'image/webp', name: 'Snapshot.png', quality: 0.8 } as const;
