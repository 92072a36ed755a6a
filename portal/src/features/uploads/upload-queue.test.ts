import 'fake-indexeddb/auto';
import type { NewDataReply } from '@invigil/shared/api/uploads';
import { describe, expect, it } from 'vitest';
import { ApiError, CONNECTION_MESSAGE } from '../../lib/api-client';
import type { UploadResume } from './upload-api';
import { UploadOutbox } from './upload-outbox';
import { UploadQueue } from './upload-queue';

const reply = (qn: number): NewDataReply => ({ newData: { qn, iu: ['u'], vu: [], au: [] }, message: 'File Upload Successfull.' });
const photo = (qn: number, name: string) => ({ testId: 't1', qn, ext: 'jpg' as const, name, blob: new Blob([name], { type: 'image/jpeg' }) });

describe('UploadQueue', () => {
  it('keeps files through a reload and sends them, in order, once the connection is back', async () => {
    const outbox = await UploadOutbox.open(`outbox-${Math.random()}`);
    let online = false;
    const sent: string[] = [];
    const upload = async (_testId: string, qn: number, _ext: string, blob: Blob) => {
      if (!online) throw new ApiError(CONNECTION_MESSAGE, null);
      sent.push(await blob.text());
      return reply(qn);
    };
    const first = new UploadQueue(outbox, 'u:t1', () => {}, upload);
    await first.enqueue([photo(1, 'page one'), photo(1, 'page two')]);
    await first.retry();
    expect(sent).toEqual([]);
    expect(first.pending.value).toHaveLength(2);

    // A reload: a new queue finds the files in IndexedDB.
    const uploaded: number[] = [];
    const second = new UploadQueue(outbox, 'u:t1', (r) => uploaded.push(r.newData.qn), upload);
    online = true;
    await second.load();
    await second.retry();
    expect(sent).toEqual(['page one', 'page two']);
    expect(uploaded).toEqual([1, 1]);
    expect(second.pending.value).toEqual([]);
    expect(await outbox.list('u:t1')).toEqual([]);
  });

  it('a save whose reply was lost is only saved again, after a reload too: the file is stored and listed once', async () => {
    const outbox = await UploadOutbox.open(`outbox-${Math.random()}`);
    const stored: string[] = [];
    const listed = new Set<string>();
    let replyLost = true;
    const upload = async (_testId: string, qn: number, _ext: string, blob: Blob, _progress: unknown, _signal: unknown, resume: UploadResume = {}) => {
      let name = resume.uploadedAs;
      if (name === undefined) {
        name = `file-${stored.length + 1}`;
        stored.push(await blob.text());
        resume.onStored?.(name);
      }
      listed.add(name);
      if (replyLost) throw new ApiError(CONNECTION_MESSAGE, null);
      return reply(qn);
    };
    const first = new UploadQueue(outbox, 'u:t1', () => {}, upload);
    await first.enqueue([photo(1, 'page one')]);
    await first.retry();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stored).toEqual(['page one']);

    replyLost = false;
    const uploaded: number[] = [];
    const second = new UploadQueue(outbox, 'u:t1', (r) => uploaded.push(r.newData.qn), upload);
    await second.load();
    await second.retry();
    expect(stored).toEqual(['page one']);
    expect([...listed]).toEqual(['file-1']);
    expect(uploaded).toEqual([1]);
    expect(await outbox.list('u:t1')).toEqual([]);
  });

  it('shows a file the server refuses for good, and goes on with the others', async () => {
    const outbox = await UploadOutbox.open(`outbox-${Math.random()}`);
    const upload = async (_testId: string, qn: number, _ext: string, blob: Blob) => {
      if ((await blob.text()) === 'bad') throw new ApiError('Uploads are closed for this test.', 403);
      return reply(qn);
    };
    const queue = new UploadQueue(outbox, 'u:t1', () => {}, upload);
    await queue.enqueue([photo(1, 'bad'), photo(2, 'good')]);
    await queue.retry();
    expect(queue.pending.value.map((file) => [file.name, file.refused])).toEqual([['bad', 'Uploads are closed for this test.']]);
    await queue.remove(queue.pending.value[0]?.id ?? '');
    expect(await outbox.list('u:t1')).toEqual([]);
  });
});
