import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/date-time';
import { reviewAction, reviewOpensLabel } from './review-gate';

const status = (more: Partial<{ released: boolean; reviewOpensAt: number | null; hidden: boolean }> = {}) => ({
  released: false,
  reviewOpensAt: null,
  rule: 'manual' as const,
  hidden: false,
  ...more,
});

describe('review gate', () => {
  it('says when the review opens, or that the institute releases it', () => {
    const at = Date.UTC(2026, 10, 27, 12, 30);
    expect(reviewOpensLabel({ reviewOpensAt: at })).toBe(`Review opens at ${formatDateTime(at)}`);
    expect(reviewOpensLabel({ reviewOpensAt: null })).toBe('Review opens when the institute releases it');
  });

  it('shows no Review button when the review is hidden, a link once released, and an explanation until then', () => {
    expect(reviewAction(status({ released: true }), true)).toEqual({ kind: 'none' });
    expect(reviewAction(status({ released: true, hidden: true }), false)).toEqual({ kind: 'none' });
    expect(reviewAction(status({ released: true }), false)).toEqual({ kind: 'open' });
    expect(reviewAction(null, false)).toEqual({ kind: 'open' });
    expect(reviewAction(status(), false)).toEqual({ kind: 'closed', text: 'Review opens when the institute releases it' });
  });
});
