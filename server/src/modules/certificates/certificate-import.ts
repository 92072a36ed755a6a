import type { Kysely } from 'kysely';
import type { CertificateImportSummary } from '@invigil/shared/api/certificate-import';
import { emptyCertificateSummary } from '@invigil/shared/api/certificate-import';
import type { ImportFile } from '@invigil/shared/api/test-import';
import type { Database } from '../../platform/db';
import type { ReadableIssue } from '../../platform/lib/readable-issues';

/**
 * The certificate sections of an import (shared/src/api/certificate-import.ts), inside the
 * import's one transaction: `checkCertificateReferences` before any write, then
 * `writeCertificateSections` after the students. Rows are matched by the file's ids.
 */

export function certificateRegNos(file: ImportFile): string[] {
  return file.certificate_requests.map((request) => request.reg_no);
}

export interface CertificatePlan {
  /** Stored types by id: title and fee (a request made now copies them). */
  types: Map<string, { title: string; feePaise: number }>;
  /** Stored requests by id: owner and status. */
  requests: Map<string, { userId: string; status: string }>;
}

export async function checkCertificateReferences(
  db: Kysely<Database>,
  file: ImportFile,
  knownRegNo: (regNo: string) => boolean,
  storedUserId: (regNo: string) => string | undefined,
  issues: ReadableIssue[],
): Promise<CertificatePlan> {
  const typeIds = [...new Set([...file.certificate_types.map((type) => type.id), ...file.certificate_requests.map((request) => request.type_id)])];
  const requestIds = [...new Set([...file.certificate_requests.map((request) => request.id), ...file.certificate_deliveries.map((delivery) => delivery.request_id)])];
  const types = new Map(
    typeIds.length === 0
      ? []
      : (await db.selectFrom('certificate_types').select(['id', 'title', 'fee_paise']).where('id', 'in', typeIds).execute()).map((row) => [row.id, { title: row.title, feePaise: Number(row.fee_paise) }] as const),
  );
  const requests = new Map(
    requestIds.length === 0
      ? []
      : (await db.selectFrom('certificate_requests').select(['id', 'user_id', 'delivery_status']).where('id', 'in', requestIds).execute()).map((row) => [row.id, { userId: row.user_id, status: row.delivery_status }] as const),
  );
  const fileTypes = new Set(file.certificate_types.map((type) => type.id));
  const fileRequests = new Set(file.certificate_requests.map((request) => request.id));

  file.certificate_requests.forEach((request, index) => {
    const path = `certificate_requests.${index}`;
    if (!knownRegNo(request.reg_no)) issues.push({ path: `${path}.reg_no`, message: `There is no student ${request.reg_no}.` });
    if (!fileTypes.has(request.type_id) && !types.has(request.type_id)) issues.push({ path: `${path}.type_id`, message: `There is no certificate type ${request.type_id}.` });
    const stored = requests.get(request.id);
    if (stored && stored.userId !== storedUserId(request.reg_no)) issues.push({ path: `${path}.id`, message: `Certificate request ${request.id} belongs to another student.` });
  });
  file.certificate_deliveries.forEach((delivery, index) => {
    const path = `certificate_deliveries.${index}.request_id`;
    if (fileRequests.has(delivery.request_id)) return;
    const stored = requests.get(delivery.request_id);
    if (!stored) issues.push({ path, message: `There is no certificate request ${delivery.request_id}.` });
    else if (stored.status === 'unpaid') issues.push({ path, message: `Certificate request ${delivery.request_id} is not paid yet.` });
  });
  return { types, requests };
}

const instant = (date: string | undefined, fallback: number): number => (date === undefined ? fallback : Date.parse(date));

export async function writeCertificateSections(db: Kysely<Database>, file: ImportFile, plan: CertificatePlan, userIdOf: (regNo: string) => string, now: number): Promise<CertificateImportSummary> {
  const summary = emptyCertificateSummary();

  for (const type of file.certificate_types) {
    const values = { title: type.title, fee_paise: type.fee_paise, description: type.description, active: type.active ? 1 : 0, position: type.position, updated_at: now } as const;
    if (plan.types.has(type.id)) {
      await db.updateTable('certificate_types').set(values).where('id', '=', type.id).execute();
      summary.certificate_types.updated += 1;
    } else {
      await db.insertInto('certificate_types').values({ id: type.id, ...values, created_at: now }).execute();
      summary.certificate_types.inserted += 1;
    }
    plan.types.set(type.id, { title: type.title, feePaise: type.fee_paise });
  }

  for (const request of file.certificate_requests) {
    const type = plan.types.get(request.type_id);
    if (!type) throw new Error(`Certificate request ${request.id}: no type ${request.type_id}`);
    const paidAt = Date.parse(request.paid_at);
    const updatedAt = instant(request.updated_at, paidAt);
    const values = {
      user_id: userIdOf(request.reg_no),
      type_id: request.type_id,
      type_name: type.title,
      fee_paise: type.feePaise,
      delivery_status: request.status,
      certificate_file: request.file ?? null,
      paid_at: paidAt,
      delivered_at: request.status === 'delivered' ? updatedAt : null,
      updated_at: updatedAt,
    };
    if (plan.requests.has(request.id)) {
      await db.updateTable('certificate_requests').set(values).where('id', '=', request.id).execute();
      summary.certificate_requests.updated += 1;
    } else {
      await db.insertInto('certificate_requests').values({ id: request.id, ...values, order_id: null, created_at: paidAt }).execute();
      summary.certificate_requests.inserted += 1;
    }
  }

  for (const delivery of file.certificate_deliveries) {
    const at = instant(delivery.at, now);
    await db
      .updateTable('certificate_requests')
      .set({
        delivery_status: delivery.status,
        certificate_file: delivery.file ?? null,
        delivered_at: delivery.status === 'delivered' ? at : null,
        updated_at: at,
      })
      .where('id', '=', delivery.request_id)
      .execute();
    summary.certificate_deliveries.updated += 1;
  }
  return summary;
}
