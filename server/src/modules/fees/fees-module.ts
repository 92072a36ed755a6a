import { API_PREFIX } from '@invigil/shared/api/http';
import type { AppDatabase } from '../../platform/db';
import type { Config } from '../../platform/config';
import type { AppRoutes } from '../../platform/http/mount';
import type { JobLocks } from '../../platform/jobs/periodic-jobs';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { UploadStore } from '../../platform/storage/upload-store';
import type { AuthService } from '../auth/auth-module';
import { razorpayPages, simulatorPages } from './checkout-pages';
import { createFeeRepository } from './fee-repository';
import { adminFeeRoutes, feeRoutes, receiptPutHandler } from './fee-routes';
import { createFeeService, RECEIPT_PUT_PREFIX } from './fee-service';
import type { FeeService } from './fee-service';
import { createPaymentModule } from './payment-module';
import type { PaymentModule } from './payment-module';
import { paymentRepository } from './payment-repository';
import { paymentRoutes } from './payment-routes';
import { createStaffFeeRepository } from './staff-fee-repository';
import { staffFeeRoutes } from './staff-fee-routes';
import { createStaffFeeService } from './staff-fee-service';
import { createStaffPaymentService } from './staff-payment-service';
import type { StaffModule } from '../staff/staff-module';
import type { PushService } from '../notifications/notifications-module';

// The fees module's public face (decision 0054): what others may use of it.
export { createPaymentModule } from './payment-module';
export type { PaymentModule } from './payment-module';
export type { PaymentService } from './payment-service';
export type { FeeService } from './fee-service';
export { RECEIPT_PUT_PREFIX } from './fee-service';
export { SIMULATOR_CHECKOUT_PATH } from './gateway-simulator';
export { checkFeeReferences, feeRegNos, writeFeeSections } from './fee-import';

/** The refunds desk (`npm run refunds`): payments to refund by hand, and marking one refunded. */
export const refunds = {
  list: (...args: Parameters<typeof paymentRepository.listRefunds>) => paymentRepository.listRefunds(...args),
  markRefunded: (...args: Parameters<typeof paymentRepository.markRefunded>) => paymentRepository.markRefunded(...args),
};

export interface FeesDeps {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  logger: Logger;
  auth: AuthService;
  /** Where uploaded receipts are kept. */
  store: UploadStore;
  /** Leases across processes (job_locks): one receipt or order per press. */
  locks: JobLocks;
  /** Online payments (gateway + service); made here unless given (main.ts reconciles its own at start). */
  payments?: PaymentModule | undefined;
  /** The staff console's side of this area (issue 30): who may change it, and push to students' browsers. */
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  push: PushService;
}

export interface FeesModule {
  fees: FeeService;
  payments: PaymentModule;
}

/** Fees, receipts and online payments: their API, the checkout pages, the printed receipt and the receipt PUT. */
export function mountFees({ api, root }: AppRoutes, { db, config, clock, logger, auth, store, locks, ...given }: FeesDeps): FeesModule {
  const payments = given.payments ?? createPaymentModule({ db, config, clock, logger });
  api.route('/', paymentRoutes({ auth, payments: payments.service }));
  const fees = createFeeService({ fees: createFeeRepository(db.kysely), payments: payments.service, store, clock, timeZone: config.timeZone, secret: config.jwtSecret, adminOrigin: config.adminOrigin ?? '', locks });
  api.route('/', feeRoutes({ auth, fees }));
  if (payments.simulator) {
    root.route('/', simulatorPages({ simulator: payments.simulator, payments: payments.service }));
    // The simulator's webhooks reach the same endpoint, raw body and headers, as Razorpay's would.
    payments.simulator.setWebhookSink(async (rawBody, headers) => {
      const response = await root.request(`${API_PREFIX}/payments/webhook`, { method: 'POST', headers, body: rawBody });
      if (!response.ok) throw new Error(`webhook answered ${response.status}`);
    });
  } else {
    root.route('/', razorpayPages({ payments: payments.service }));
  }
  root.route('/', adminFeeRoutes({ auth, fees }));
  // The staff console's fees and online payments (issue 30, decision 0065).
  const staffFees = createStaffFeeService({ db: db.kysely, repo: createStaffFeeRepository(db.kysely), store, clock, timeZone: config.timeZone, push: given.push });
  const staffPayments = createStaffPaymentService({ db: db.kysely, gateway: payments.gateway, payments: payments.service, clock, logger, timeZone: config.timeZone });
  api.route('/', staffFeeRoutes({ staffAuth: given.staff.staffAuth, fees: staffFees, payments: staffPayments }));
  root.put(`${RECEIPT_PUT_PREFIX}/:file`, receiptPutHandler(fees));
  return { fees, payments };
}
