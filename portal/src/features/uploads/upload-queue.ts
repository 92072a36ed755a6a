import type { NewDataReply } from '@invigil/shared/api/uploads';
import { signal } from '@preact/signals-react';
import { ApiError } from '../../lib/api-client';
import { uploadFile } from './upload-api';
import type { OutboxFile, UploadOutbox } from './upload-outbox';

export interface QueuedFile extends OutboxFile {
  /** Why the server refused it for good (it stays until the student removes it), else null. */
  refused: string | null;
}

const RETRY_MS = 15_000;

/**
 * Sends the outbox's files for one attempt, oldest first, when the connection is back (and every
 * 15 s while any wait). A connection error keeps a file for the next try; a refusal (e.g. uploads
 * closed) is shown with the file so the student decides.
 */
export class UploadQueue {
  readonly pending = signal<QueuedFile[]>([]);
  private inflight: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly outbox: UploadOutbox,
    private readonly attempt: string,
    private readonly onUploaded: (reply: NewDataReply, file: OutboxFile) => void,
    private readonly upload: typeof uploadFile = uploadFile,
  ) {}

  async load(): Promise<void> {
    this.pending.value = (await this.outbox.list(this.attempt)).map((file) => ({ ...file, refused: null }));
    if (this.pending.value.length > 0) void this.retry();
  }

  /** Keeps files the dialog could not send; they go as soon as possible. */
  async enqueue(files: readonly Omit<OutboxFile, 'id' | 'attempt' | 'savedAt'>[]): Promise<void> {
    const now = Date.now();
    const added: QueuedFile[] = [];
    for (const [index, file] of files.entries()) {
      const entry: OutboxFile = { ...file, id: `${now.toString(36)}-${index}-${Math.random().toString(36).slice(2, 8)}`, attempt: this.attempt, savedAt: now + index };
      await this.outbox.add(entry);
      added.push({ ...entry, refused: null });
    }
    this.pending.value = [...this.pending.value, ...added];
  }

  async remove(id: string): Promise<void> {
    await this.outbox.remove(id);
    this.pending.value = this.pending.value.filter((file) => file.id !== id);
  }

  /** Tries every waiting file once, in order; stops at the first connection error. A call during a try joins it. */
  retry(): Promise<void> {
    this.inflight ??= this.tryAll().finally(() => (this.inflight = null));
    return this.inflight;
  }

  private async tryAll(): Promise<void> {
    for (const file of this.pending.value.filter((item) => item.refused === null)) {
      try {
        const stored = (fileName: string) => {
          // Kept with the file: after a reload too, the retry only saves it.
          const updated = { ...file, uploadedAs: fileName };
          void this.outbox.add(updated);
          this.pending.value = this.pending.value.map((item) => (item.id === file.id ? { ...updated, refused: item.refused } : item));
        };
        const reply = await this.upload(file.testId, file.qn, file.ext, file.blob, () => {}, undefined, { uploadedAs: file.uploadedAs, onStored: stored });
        await this.outbox.remove(file.id);
        this.pending.value = this.pending.value.filter((item) => item.id !== file.id);
        this.onUploaded(reply, file);
      } catch (error) {
        if (error instanceof ApiError && error.status !== null && error.status < 500 && error.status !== 401 && error.status !== 429) {
          this.pending.value = this.pending.value.map((item) => (item.id === file.id ? { ...item, refused: error.message } : item));
          continue;
        }
        break;
      }
    }
  }

  start(): () => void {
    const onOnline = () => void this.retry();
    window.addEventListener('online', onOnline);
    this.timer = setInterval(() => {
      if (this.pending.value.some((file) => file.refused === null)) void this.retry();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
    };
  }
}
