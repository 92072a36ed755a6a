import { describe, expect, it } from 'vitest';
import { rupeesText } from './staff-certificates-text';
import { readByText } from './staff-notices-text';
import { ageText } from './staff-queries-text';
import { noticeComposeSchema } from './staff-notices';
import { staffQueryReplySchema } from './staff-queries';

describe('staff communications words', () => {
  it('says how long a query waited', () => {
    const now = Date.UTC(2026, 10, 28, 12);
    expect(ageText(now - 20_000, now)).toBe('just now');
    expect(ageText(now - 60_000, now)).toBe('1 minute');
    expect(ageText(now - 5 * 3_600_000, now)).toBe('5 hours');
    expect(ageText(now - 3 * 86_400_000 - 1, now)).toBe('3 days');
    expect(ageText(now + 60_000, now)).toBe('just now');
  });

  it('writes money and reads', () => {
    expect(rupeesText(19_950)).toBe('₹199.50');
    expect(readByText(3, 40)).toBe('Read by 3 of 40');
  });
});

describe('staff communications schemas', () => {
  it('needs a class or a student for those audiences, and none for everyone', () => {
    expect(noticeComposeSchema.safeParse({ kind: 'notice', audience: 'class', title: 'T', content: 'C' }).success).toBe(false);
    expect(noticeComposeSchema.parse({ kind: 'notice', audience: 'all', audienceId: 'x', title: ' T ', content: 'C' })).toMatchObject({ audienceId: null, title: 'T', links: [] });
    expect(noticeComposeSchema.safeParse({ kind: 'notice', audience: 'all', title: 'T', content: 'C', links: ['ftp://x'] }).success).toBe(false);
  });

  it('takes a reply with a request id and an attachment URL or none', () => {
    expect(staffQueryReplySchema.parse({ content: ' Hi ', requestId: 'abcdefgh' })).toEqual({ content: 'Hi', requestId: 'abcdefgh', attachment: null });
    expect(staffQueryReplySchema.safeParse({ content: 'Hi', requestId: 'a b' }).success).toBe(false);
  });
});
