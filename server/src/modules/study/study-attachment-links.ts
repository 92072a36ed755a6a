import type { UploadStore } from '../../platform/storage/upload-store';

/** How an item's attachments name a file a teacher uploaded to the upload store (issue 30); anything else is a link as imported. */
export const STORED_STUDY_ATTACHMENT = 'store:';

/** The URL a browser opens for an attachment: a stored file's signed GET URL, or the link itself. */
export function studyAttachmentUrl(store: Pick<UploadStore, 'getUrl'>, url: string, now: number): string {
  return url.startsWith(STORED_STUDY_ATTACHMENT) ? store.getUrl(url.slice(STORED_STUDY_ATTACHMENT.length), now) : url;
}
