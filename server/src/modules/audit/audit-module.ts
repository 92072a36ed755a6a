import type { AppDatabase } from '../../platform/db';
import type { AppRoutes } from '../../platform/http/mount';
import type { StaffModule } from '../staff/staff-module';
import { auditRoutes } from './audit-routes';

// The audit log's public face (issue 30, decision 0062): every area's services record their staff
// writes with recordAudit, in the transaction that makes the change; the middleware logs any staff
// write no service recorded; admins read the log at /api/staff/audit.
export { recordAudit, auditJson } from './audit-record';
export type { AuditActor, AuditEntry } from './audit-record';
export { auditStaffWrites } from './audit-middleware';
export { auditHandled } from './audit-record';

export interface AuditDeps {
  db: AppDatabase;
  staff: Pick<StaffModule, 'staffAuth'>;
  /** The institute's zone: a filter's days are its days. */
  timeZone: string;
}

/** The audit log's reading (API). */
export function mountAudit({ api }: AppRoutes, { db, staff, timeZone }: AuditDeps): void {
  api.route('/', auditRoutes({ db: db.kysely, staffAuth: staff.staffAuth, timeZone }));
}
