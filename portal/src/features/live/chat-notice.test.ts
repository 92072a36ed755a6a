import type { ChatMessage } from '@invigil/shared/api/live';
import { describe, expect, it } from 'vitest';
import { chatNotice } from './chat-notice';

const message = (id: string, ts: number, m: string, fromProctor = true, r = false): ChatMessage => ({ id, m, uid: 'u', tid: 't', teid: fromProctor ? 'p' : null, ts, r });

describe("the in-test notice of a proctor's message (issue 31)", () => {
  it("shows the first line of the proctor's newest message not read or dismissed", () => {
    const chat = [message('a', 1, 'Hello'), message('b', 2, 'Me again', false), message('c', 3, 'Ten minutes left.\nKeep going.')];
    expect(chatNotice(chat, 0)).toEqual({ ts: 3, line: 'Ten minutes left.' });
    expect(chatNotice(chat, 3)).toBeNull();
    expect(chatNotice([message('b', 2, 'Mine', false)], 0)).toBeNull();
    expect(chatNotice([message('a', 5, 'Seen already', true, true)], 0)).toBeNull();
  });
});
