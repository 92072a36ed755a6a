import type { AppDatabase } from '../../platform/db';
import type { Config } from '../../platform/config';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { AuthService } from '../auth/auth-module';
import { createNotificationRepository } from './notification-repository';
import { notificationRoutes } from './notification-routes';
import { createNotificationService } from './notification-service';
import type { NotificationService } from './notification-service';
import { createPushSubscriptionRepository } from './push-subscription-repository';
import type { StaffModule } from '../staff/staff-module';
import type { PushService } from './push-service';
import { createStaffNoticeRepository } from './staff-notice-repository';
import { staffNoticeRoutes } from './staff-notice-routes';
import { createStaffNoticeService } from './staff-notice-service';

// The notifications module's public face (decision 0054): what others may use of it.
// The import pushes the notifications it has committed with the push service.
export { createPushService } from './push-service';
export type { PushService, PushTransport } from './push-service';
// Issue 29: a notification to each of these students (a re-keyed question); issue 30's composer builds on it.
export { notifyStudents, pushNotified } from './notify-students';

export interface NotificationsDeps {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  auth: AuthService;
  /** The staff console's side of this area (issue 30): who may change it, and push to students' browsers. */
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  push: PushService;
}

export interface NotificationsModule {
  notifications: NotificationService;
}

/** Notifications, notices and web push subscriptions (API). */
export function mountNotifications({ api }: AppRoutes, { db, config, clock, auth, staff, push }: NotificationsDeps): NotificationsModule {
  const notifications = createNotificationService({ notifications: createNotificationRepository(db.kysely), subscriptions: createPushSubscriptionRepository(db.kysely), clock, vapidPublicKey: config.vapid.publicKey, fcmConfigured: config.firebaseServiceAccount !== undefined, pushAllowedHosts: config.pushAllowedHosts });
  api.route('/', notificationRoutes({ auth, notifications }));
  // Issue 30: the staff console's composer, sent list and readers.
  const notices = createStaffNoticeService({ db: db.kysely, repo: createStaffNoticeRepository(db.kysely), clock, push });
  api.route('/', staffNoticeRoutes({ staffAuth: staff.staffAuth, notices, scopeOf: (record) => staff.scopeOf(record) }));
  return { notifications };
}
