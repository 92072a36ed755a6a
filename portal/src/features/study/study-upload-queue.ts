import type { AssignmentChangeReply } from '@invigil/shared/api/study';
import { signal } from '@preact/signals-react';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { ApiError } from '../../lib/api-client';
import { uploadAssignmentFile } from './study-api';

/**
 * Assignment files that could not be sent for lack of a connection, kept with their bytes in
 * IndexedDB (a reload or a closed tab loses nothing) and sent when the connection is back, as the
 * test area does with answer files (features/uploads/upload-queue.ts). One queue per student.
 */
export interface WaitingFile {
  id: string;
  /** The student's id: another student signing in on this browser does not send them as theirs. */
  owner: string;
  itemId: string;
  name: string;
  contentType: string;
  stype: 'file' | 'snapshot';
  blob: Blob;
  savedAt: number;
  /** Why the server refused it for good, else null (kept until the student removes it). */
  refused?: string | null;
  /** Its bytes are already stored under this name (only the save's reply was lost): only save it. */
  uploadedAs?: string;
}

interface OutboxSchema extends DBSchema {
  files: { key: string; value: WaitingFile; indexes: { owner: string } };
}

export const STUDY_OUTBOX_DB = 'invigil-study-outbox';
const RETRY_MS = 15_000;

/** A refusal that trying again will not change (not a lost connection, a lost session or overload). */
export const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status !== null && error.status < 500 && error.status !== 401 && error.status !== 429;

export class StudyUploadQueue {
  readonly pending = signal<WaitingFile[]>([]);
  private inflight: Promise<void> | null = null;
  private db: Promise<IDBPDatabase<OutboxSchema>> | null = null;

  constructor(
    private readonly owner: string,
    private readonly onUploaded: (itemId: string, reply: AssignmentChangeReply) => void,
    private readonly upload: typeof uploadAssignmentFile = uploadAssignmentFile,
    private readonly dbName: string = STUDY_OUTBOX_DB,
  ) {}

  private open(): Promise<IDBPDatabase<OutboxSchema>> {
    this.db ??= openDB<OutboxSchema>(this.dbName, 1, {
      upgrade(database) {
        database.createObjectStore('files', { keyPath: 'id' }).createIndex('owner', 'owner');
      },
    });
    return this.db;
  }

  async load(): Promise<void> {
    const files = await (await this.open()).getAllFromIndex('files', 'owner', this.owner);
    this.pending.value = files.sort((a, b) => a.savedAt - b.savedAt).map((file) => ({ ...file, refused: null }));
    if (this.pending.value.length > 0) void this.retry();
  }

  async enqueue(file: Omit<WaitingFile, 'id' | 'owner' | 'savedAt'>): Promise<void> {
    const now = Date.now();
    const entry: WaitingFile = { ...file, id: `${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`, owner: this.owner, savedAt: now, refused: null };
    const db = await this.open();
    const tx = db.transaction('files', 'readwrite', { durability: 'strict' });
    await tx.store.put(entry);
    await tx.done;
    this.pending.value = [...this.pending.value, entry];
  }

  async remove(id: string): Promise<void> {
    await (await this.open()).delete('files', id);
    this.pending.value = this.pending.value.filter((file) => file.id !== id);
  }

  /** Tries every waiting file once, oldest first; stops at the first connection error. */
  retry(): Promise<void> {
    this.inflight ??= this.tryAll().finally(() => (this.inflight = null));
    return this.inflight;
  }

  private async tryAll(): Promise<void> {
    for (const file of this.pending.value.filter((item) => !item.refused)) {
      try {
        const stored = (fileName: string) => {
          // Kept with the file: after a reload too, the retry only saves it.
          const updated = { ...file, uploadedAs: fileName };
          void this.open().then((db) => db.put('files', updated));
          this.pending.value = this.pending.value.map((item) => (item.id === file.id ? updated : item));
        };
        const reply = await this.upload(file.itemId, file, () => {}, { uploadedAs: file.uploadedAs, onStored: stored });
        await this.remove(file.id);
        this.onUploaded(file.itemId, reply);
      } catch (error) {
        if (isRefusal(error)) {
          this.pending.value = this.pending.value.map((item) => (item.id === file.id ? { ...item, refused: error.message } : item));
          continue;
        }
        break;
      }
    }
  }

  /** Sends waiting files when the browser is back online, and every 15 s while any wait. */
  start(): () => void {
    const onOnline = () => void this.retry();
    window.addEventListener('online', onOnline);
    const timer = setInterval(() => {
      if (this.pending.value.some((file) => !file.refused)) void this.retry();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }
}
