import type { CertificateRequest } from '@invigil/shared/api/certificates';
import { formatRupees } from '@invigil/shared/domain/money';
import { CERTIFICATE_ROWS_PER_PAGE, DELIVERY_STATUS_LABELS } from '@invigil/shared/api/certificate-messages';
import { Download, FilePlus2 } from 'lucide-react';
import { Link } from 'wouter';
import { formatDateTime } from '../../lib/date-time';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { LoadingBlock } from '../results/page-status';
import { fetchCertificateRequests } from './certificates-api';
import { TablePages, usePagedRows } from '../../ui/table-pages';

const STATUS_CLASS: Record<CertificateRequest['delivery_status'], string> = {
  pending: 'badge-warning',
  processing: 'badge-info',
  delivered: 'badge-success',
  rejected: 'badge-error',
};

export function StatusChip({ status }: { status: CertificateRequest['delivery_status'] }) {
  return <span className={`badge badge-sm whitespace-nowrap ${STATUS_CLASS[status]}`}>{DELIVERY_STATUS_LABELS[status]}</span>;
}

/** /certificates: the student's certificate requests (spec: Certificates) and Request Certificate. */
export default function CertificatesPage({ title }: { title: string }) {
  // Spec section 8: a failed load of certificates is only logged, with no message to the student.
  const { data, failed } = useRetryableLoad(fetchCertificateRequests, (error) => console.error('Loading certificate requests failed:', error));
  const list = data ?? [];
  const { shown, pager } = usePagedRows<CertificateRequest, (typeof CERTIFICATE_ROWS_PER_PAGE)[number]>(list, 10);

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <Link href="/certificate-request" className="btn btn-primary gap-2">
          <FilePlus2 className="h-4 w-4" aria-hidden="true" />Request Certificate
        </Link>
      </div>
      {data === null && !failed ? (
        <LoadingBlock label="Loading certificates" />
      ) : (
        <div className="rounded-box bg-base-100 shadow">
          <table className="table table-sm sm:table-md" data-testid="certificate-requests">
            <caption className="sr-only">Your certificate requests</caption>
            <thead>
              <tr>
                <th scope="col">Certificate</th>
                <th scope="col" className="hidden sm:table-cell">Fee Amount</th>
                <th scope="col">Status</th>
                <th scope="col" className="hidden sm:table-cell">Last update</th>
                <th scope="col">Download</th>
              </tr>
            </thead>
            <tbody>
              {shown.rows.length === 0 ? (
                <tr>
                  <td colSpan={5} className="py-10 text-center opacity-80">No certificate requests yet.</td>
                </tr>
              ) : (
                shown.rows.map((request) => (
                  <tr key={request._id}>
                    <th scope="row" className="font-semibold">
                      {request.type_name}
                      <span className="block text-xs font-normal opacity-80 sm:hidden">{formatRupees(request.fee_paise)}</span>
                      <span className="block text-xs font-normal opacity-80 sm:hidden">{formatDateTime(request.updated_at)}</span>
                    </th>
                    <td className="hidden whitespace-nowrap sm:table-cell">{formatRupees(request.fee_paise)}</td>
                    <td>
                      <StatusChip status={request.delivery_status} />
                      {request.delivery_status === 'rejected' && request.reject_reason ? <span className="mt-1 block max-w-64 text-sm">Reason: {request.reject_reason}</span> : null}
                    </td>
                    <td className="hidden sm:table-cell">{formatDateTime(request.updated_at)}</td>
                    <td>
                      {request.certificate_url ? (
                        <a href={request.certificate_url} download className="btn btn-primary btn-xs gap-1" aria-label={`Download ${request.type_name}`}>
                          <Download className="h-3.5 w-3.5" aria-hidden="true" />Download
                        </a>
                      ) : (
                        <span className="text-sm opacity-80">
                          <span aria-hidden="true">-</span>
                          <span className="sr-only">{request.delivery_status === 'rejected' ? 'Rejected: nothing to download' : 'Not delivered yet'}</span>
                        </span>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          <TablePages sizes={CERTIFICATE_ROWS_PER_PAGE} label="Certificate request pages" {...pager} />
        </div>
      )}
    </main>
  );
}
