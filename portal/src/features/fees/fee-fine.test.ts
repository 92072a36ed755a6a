import { describe, expect, it } from 'vitest';
import { fineOf } from './fee-fine';

describe('a fee\'s fine, paid and due', () => {
  it('shows an unpaid overdue fee\'s fine as due, not as paid (issue 31)', () => {
    expect(fineOf({ fee_amount: 180_000, fine_amount: 25_000, pay_amount: 0, payment_status: 'unpaid' })).toEqual({ paid: 0, due: 25_000 });
  });

  it('counts a part payment towards the fee first, then the fine', () => {
    expect(fineOf({ fee_amount: 180_000, fine_amount: 25_000, pay_amount: 100_000, payment_status: 'unpaid' })).toEqual({ paid: 0, due: 25_000 });
    expect(fineOf({ fee_amount: 180_000, fine_amount: 25_000, pay_amount: 190_000, payment_status: 'unpaid' })).toEqual({ paid: 10_000, due: 15_000 });
  });

  it('has a paid fee\'s fine paid, and no fine nothing to show', () => {
    expect(fineOf({ fee_amount: 180_000, fine_amount: 25_000, pay_amount: 205_000, payment_status: 'paid' })).toEqual({ paid: 25_000, due: 0 });
    expect(fineOf({ fee_amount: 180_000, fine_amount: 0, pay_amount: 0, payment_status: 'unpaid' })).toEqual({ paid: 0, due: 0 });
  });
});
