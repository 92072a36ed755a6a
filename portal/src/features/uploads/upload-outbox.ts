import type { UploadExtension } from '@invigil/shared/api/uploads';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * Answer files that could not be uploaded yet (offline): kept in IndexedDB with their bytes, so a
 * reload or a closed tab does not lose a photo of a handwritten answer; sent when the connection
 * is back. The answer journal does the same for typed answers.
 */
export interface OutboxFile {
  id: string;
  /** userId:testId. */
  attempt: string;
  testId: string;
  qn: number;
  ext: UploadExtension;
  name: string;
  blob: Blob;
  savedAt: number;
  /** Its bytes are already stored under this name (only the save's reply was lost): only save it. */
  uploadedAs?: string;
}

interface OutboxSchema extends DBSchema {
  files: { key: string; value: OutboxFile; indexes: { attempt: string } };
}

export const OUTBOX_DB_NAME = 'invigil-upload-outbox';

export class UploadOutbox {
  private constructor(private readonly db: IDBPDatabase<OutboxSchema>) {}

  static async open(name: string = OUTBOX_DB_NAME): Promise<UploadOutbox> {
    const db = await openDB<OutboxSchema>(name, 1, {
      upgrade(database) {
        database.createObjectStore('files', { keyPath: 'id' }).createIndex('attempt', 'attempt');
      },
    });
    return new UploadOutbox(db);
  }

  async add(file: OutboxFile): Promise<void> {
    const tx = this.db.transaction('files', 'readwrite', { durability: 'strict' });
    await tx.store.put(file);
    await tx.done;
  }

  /** The attempt's waiting files, oldest first. */
  async list(attempt: string): Promise<OutboxFile[]> {
    const files = await this.db.getAllFromIndex('files', 'attempt', attempt);
    return files.sort((a, b) => a.savedAt - b.savedAt || a.id.localeCompare(b.id));
  }

  async remove(id: string): Promise<void> {
    await this.db.delete('files', id);
  }

  close(): void {
    this.db.close();
  }
}
