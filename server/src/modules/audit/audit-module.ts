// The audit log's public face (issue 30, decision 0062): every area's services record their staff
// writes with recordAudit, in the transaction that makes the change; the middleware logs any staff
// write no service recorded; admins read the log at /api/staff/audit.
export { recordAudit, auditJson } from './audit-record';
export type { AuditActor, AuditEntry } from './audit-record';
export { auditStaffWrites } from './audit-middleware';
