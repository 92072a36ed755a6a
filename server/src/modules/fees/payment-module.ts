import type { Config } from '../../platform/config';
import type { AppDatabase } from '../../platform/db';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { GatewaySimulator } from './gateway-simulator';
import type { PaymentGateway } from './payment-gateway';
import { createGatewaySimulator } from './gateway-simulator';
import type { PaymentService } from './payment-service';
import { createPaymentService } from './payment-service';
import { createRazorpayGateway } from './razorpay-gateway';

export interface PaymentModule {
  service: PaymentService;
  /** The local simulator when no Razorpay keys are set (its checkout pages and webhooks). */
  simulator: GatewaySimulator | undefined;
  /** The gateway itself (the staff's reconciliation lists its payments). */
  gateway: PaymentGateway;
}

/**
 * The payment service on Razorpay when config.razorpay is set, else on the local gateway simulator.
 * buildApp makes one unless given one; main.ts reconciles its open orders at start.
 */
export function createPaymentModule({ db, config, clock, logger }: { db: AppDatabase; config: Config; clock: Clock; logger: Logger }): PaymentModule {
  if (config.razorpay) {
    const gateway = createRazorpayGateway(config.razorpay);
    return { service: createPaymentService({ db: db.kysely, gateway, clock, logger }), simulator: undefined, gateway };
  }
  const simulator = createGatewaySimulator({ db: db.kysely, clock, logger, secret: config.jwtSecret, webhookDelayMs: config.simulatorWebhookDelayMs });
  return { service: createPaymentService({ db: db.kysely, gateway: simulator.gateway, clock, logger }), simulator, gateway: simulator.gateway };
}
