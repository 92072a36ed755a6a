import { AsyncLocalStorage } from 'node:async_hooks';

/** What the audit middleware knows of the staff request being served. */
export interface AuditRequestContext {
  /** 'POST /api/staff/notices'. */
  request: string;
  /** Entries a service wrote for this request: when none, the middleware writes one itself. */
  recorded: number;
}

export const auditRequests = new AsyncLocalStorage<AuditRequestContext>();
