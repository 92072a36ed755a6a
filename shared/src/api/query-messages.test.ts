import { describe, expect, it } from 'vitest';
import { QUERY_MESSAGES, queryAttachmentType, queryMessageProblem, replyFailed, replyProblem, withoutQueryString } from './query-messages';
import { queryReplyRequestSchema, querySubmissionSchema } from './queries';

describe('support queries rules (spec section 5, decision 0029)', () => {
  it('a query message is required and at least 10 characters, trimmed', () => {
    expect(queryMessageProblem('')).toBe(QUERY_MESSAGES.required);
    expect(queryMessageProblem('   ')).toBe(QUERY_MESSAGES.required);
    expect(queryMessageProblem(' 123456789 ')).toBe(QUERY_MESSAGES.tooShort);
    expect(queryMessageProblem('1234567890')).toBeNull();
    expect(queryMessageProblem('x'.repeat(5001))).toBe(QUERY_MESSAGES.tooLong);
  });

  it('a reply under 10 characters gives the alert', () => {
    expect(replyProblem('short')).toBe('Type reply and it should not be less than 10 characters');
    expect(replyProblem('long enough')).toBeNull();
  });

  it('the server schemas hold the same rules', () => {
    const base = { query_type_id: 't', query_sub_type_id: 's' };
    expect(querySubmissionSchema.safeParse({ ...base, query: '1234567890' }).success).toBe(true);
    expect(querySubmissionSchema.safeParse({ ...base, query: '123456789' }).error?.issues[0]?.message).toBe(QUERY_MESSAGES.tooShort);
    expect(querySubmissionSchema.parse({ ...base, query: '1234567890', subject_id: '', attachment: '' })).toMatchObject({ subject_id: null, attachment: null });
    expect(queryReplyRequestSchema.safeParse({ content: 'short' }).error?.issues[0]?.message).toBe(QUERY_MESSAGES.replyTooShort);
  });

  it('attachments: .pdf, .png, .jpg, .jpeg by name; the submitted URL has no query string', () => {
    expect(['a.PDF', 'b.png', 'c.jpg', 'd.jpeg', 'e.gif', 'f'].map(queryAttachmentType)).toEqual(['application/pdf', 'image/png', 'image/jpeg', 'image/jpeg', null, null]);
    expect(withoutQueryString('/blobs/query/abc.pdf?e=1&s=x')).toBe('/blobs/query/abc.pdf');
    expect(replyFailed('The query is closed!')).toBe('Reply submi failed! The query is closed!');
  });
});
