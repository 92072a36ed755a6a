import 'fake-indexeddb/auto';
import type { AssignmentChangeReply } from '@invigil/shared/api/study';
import { describe, expect, it } from 'vitest';
import { ApiError, CONNECTION_MESSAGE } from '../../lib/api-client';
import type { UploadResume } from '../uploads/upload-api';
import { StudyUploadQueue } from './study-upload-queue';

const reply = (count: number): AssignmentChangeReply => ({ message: 'UPLOAD SUCCESSFULL', data: { iu: [], pu: [], eu: [], vu: [], au: [], count } });
const file = (name: string, itemId = 'a1') => ({ itemId, name, contentType: 'application/pdf', stype: 'file' as const, blob: new Blob([name], { type: 'application/pdf' }) });

describe('StudyUploadQueue', () => {
  it("keeps a student's files through a reload, sends them in order once online, and leaves another student's alone", async () => {
    const db = `study-outbox-${Math.random()}`;
    let online = false;
    const sent: string[] = [];
    const upload = async (itemId: string, entry: { blob: Blob }) => {
      if (!online) throw new ApiError(CONNECTION_MESSAGE, null);
      sent.push(`${itemId}:${await entry.blob.text()}`);
      return reply(sent.length);
    };
    const first = new StudyUploadQueue('rohan', () => {}, upload, db);
    await first.enqueue(file('page one'));
    await first.enqueue(file('page two', 'a2'));
    await first.retry();
    expect(sent).toEqual([]);
    expect(first.pending.value).toHaveLength(2);

    const other = new StudyUploadQueue('asha', () => {}, upload, db);
    await other.load();
    expect(other.pending.value).toEqual([]);

    const uploaded: [string, number][] = [];
    const second = new StudyUploadQueue('rohan', (itemId, r) => uploaded.push([itemId, r.data.count]), upload, db);
    online = true;
    await second.load();
    await second.retry();
    expect(sent).toEqual(['a1:page one', 'a2:page two']);
    expect(uploaded).toEqual([['a1', 1], ['a2', 2]]);
    expect(second.pending.value).toEqual([]);
    const third = new StudyUploadQueue('rohan', () => {}, upload, db);
    await third.load();
    expect(third.pending.value).toEqual([]);
  });

  it('keeps a refused file with its reason and does not send it again', async () => {
    let calls = 0;
    const queue = new StudyUploadQueue('rohan', () => {}, async () => {
      calls += 1;
      throw new ApiError('The file is larger than 25 MB.', 413);
    }, `study-outbox-${Math.random()}`);
    await queue.enqueue(file('huge'));
    await queue.retry();
    await queue.retry();
    expect(calls).toBe(1);
    expect(queue.pending.value.map((entry) => entry.refused)).toEqual(['The file is larger than 25 MB.']);
    await queue.remove(queue.pending.value[0]?.id ?? '');
    expect(queue.pending.value).toEqual([]);
  });
  it('a save whose reply was lost is only saved again after a reload: the file is sent once and listed once', async () => {
    const db = `study-outbox-${Math.random()}`;
    const stored: string[] = [];
    const saved = new Set<string>();
    let replyLost = true;
    const upload = async (_itemId: string, entry: { blob: Blob }, _progress: unknown, resume: UploadResume = {}) => {
      let name = resume.uploadedAs;
      if (name === undefined) {
        name = `file-${stored.length + 1}`;
        stored.push(await entry.blob.text());
        resume.onStored?.(name);
      }
      saved.add(name);
      if (replyLost) throw new ApiError(CONNECTION_MESSAGE, null);
      return reply(saved.size);
    };
    const first = new StudyUploadQueue('rohan', () => {}, upload, db);
    await first.enqueue(file('page one'));
    await first.retry();
    await new Promise((resolve) => setTimeout(resolve, 10));
    replyLost = false;
    const second = new StudyUploadQueue('rohan', () => {}, upload, db);
    await second.load();
    await second.retry();
    expect(stored).toEqual(['page one']);
    expect([...saved]).toEqual(['file-1']);
    expect(second.pending.value).toEqual([]);
  });
});
