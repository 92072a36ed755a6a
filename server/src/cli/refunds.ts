// npm run refunds [-- --all] [-- --json]          list online payments kept for a refund
// npm run refunds -- --refunded PAYMENT_ID         the institute refunded it at the gateway
//
// A payment the gateway captured but its purpose no longer needed (a fee settled through a newer
// order, then paid again from a tab left open; a second capture on a paid order) is never counted:
// it is kept 'to_refund' (decision 0053). This lists them for the institute, oldest first, from the
// database the server uses (DATABASE_URL, else DATA_DIR's SQLite file); --all adds those already
// refunded. Refunds themselves are made at the gateway (Razorpay's dashboard or API).
import { formatRupees } from '@invigil/shared/domain/money';
import { systemClock } from '../platform/lib/clock';
import { runCli, withMigratedDatabase } from './cli-database';
import { refunds as refundsDesk } from '../modules/fees/fees-module';

const USAGE = 'Usage: npm run refunds [-- --all] [--json]  |  npm run refunds -- --refunded PAYMENT_ID';

async function main(args: string[]): Promise<number> {
  const refundedAt = args.indexOf('--refunded');
  const paymentId = refundedAt >= 0 ? args[refundedAt + 1] : undefined;
  const known = new Set(['--all', '--json', '--refunded', ...(paymentId ? [paymentId] : [])]);
  if (args.includes('--help') || args.some((arg) => !known.has(arg)) || (refundedAt >= 0 && !paymentId)) {
    console.error(USAGE);
    return 2;
  }
  return withMigratedDatabase(async (db) => {
    if (paymentId) {
      if (await refundsDesk.markRefunded(db.kysely, paymentId, systemClock.now())) {
        console.log(`Payment ${paymentId} is marked refunded.`);
        return 0;
      }
      console.error(`Payment ${paymentId} is not one to refund (unknown, never to refund, or already refunded).`);
      return 1;
    }
    const refunds = await refundsDesk.list(db.kysely, args.includes('--all') ? undefined : 'to_refund');
    if (args.includes('--json')) {
      console.log(JSON.stringify(refunds, null, 2));
      return 0;
    }
    if (refunds.length === 0) {
      console.log(args.includes('--all') ? 'No payments were kept for a refund.' : 'No payments to refund.');
      return 0;
    }
    for (const refund of refunds) {
      console.log(
        [
          new Date(refund.capturedAt).toISOString(),
          refund.status === 'refunded' ? 'REFUNDED' : 'TO REFUND',
          refund.paymentId,
          `order ${refund.orderId}`,
          `student ${refund.studentId}`,
          `${refund.purposeKind} ${refund.purposeId} (${refund.description})`,
          `refund ${formatRupees(refund.refundPaise)} of ${formatRupees(refund.amountPaise)} (${refund.method})`,
        ].join('  '),
      );
    }
    return 0;
  });
}

runCli(main);
