import type { CertificateType } from '@invigil/shared/api/certificates';
import { formatRupees } from '@invigil/shared/domain/money';
import { CERTIFICATE_MESSAGES, CERTIFICATE_ROWS_PER_PAGE } from '@invigil/shared/api/certificate-messages';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { Modal } from '../../ui/modal';
import { LoadingBlock } from '../results/page-status';
import { fetchCertificateTypes } from './certificates-api';
import { openPaymentWindow } from './payment-window';
import { TablePages, usePagedRows } from '../../ui/table-pages';

/**
 * /certificate-request: the types a student may request (spec: Certificates). Request asks first;
 * Pay Now opens the admin page where the student pays; once that window closes, the student's
 * list of requests is shown, loaded afresh (the request is generated once paid).
 */
export default function CertificateRequestPage({ title }: { title: string }) {
  // Spec section 8: a failed load of certificates is only logged, with no message to the student.
  const { data, failed } = useRetryableLoad(fetchCertificateTypes, (error) => console.error('Loading certificate types failed:', error));
  const [chosen, setChosen] = useState<CertificateType | null>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const stopWatching = useRef<() => void>(() => {});
  useEffect(() => () => stopWatching.current(), []);

  const types = data ?? [];
  const { shown, pager } = usePagedRows<CertificateType, (typeof CERTIFICATE_ROWS_PER_PAGE)[number]>(types, 10);

  const payNow = (type: CertificateType) => {
    setChosen(null);
    setPaying(type.title);
    stopWatching.current();
    stopWatching.current = openPaymentWindow(type.pay_url, () => navigate('/certificates'));
  };

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <Link href="/certificates" className="btn">My Certificates</Link>
      </div>
      {paying ? (
        <div role="status" className="alert alert-info mb-4">
          <span>Paying for {paying} in the payment window. Your certificates are shown once it is closed.</span>
        </div>
      ) : null}
      {data === null && !failed ? (
        <LoadingBlock label="Loading certificates" />
      ) : (
        <div className="rounded-box bg-base-100 shadow">
          <table className="table table-sm sm:table-md" data-testid="certificate-types">
            <caption className="sr-only">Certificates you can request</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Fee</th>
                <th scope="col" className="hidden md:table-cell">Description</th>
                <th scope="col"><span className="sr-only">Request</span></th>
              </tr>
            </thead>
            <tbody>
              {shown.rows.length === 0 ? (
                <tr>
                  <td colSpan={4} className="py-10 text-center opacity-80">No certificates can be requested now.</td>
                </tr>
              ) : (
                shown.rows.map((type) => (
                  <tr key={type._id}>
                    <th scope="row" className="font-semibold">
                      {type.title}
                      {type.description ? <span className="block text-xs font-normal opacity-80 md:hidden">{type.description}</span> : null}
                    </th>
                    <td className="whitespace-nowrap">{formatRupees(type.fee_paise)}</td>
                    <td className="hidden md:table-cell">{type.description}</td>
                    <td className="text-right">
                      <button type="button" className="btn btn-primary btn-sm" aria-label={`Request ${type.title}`} onClick={() => setChosen(type)}>
                        Request
                      </button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          <TablePages sizes={CERTIFICATE_ROWS_PER_PAGE} label="Certificate type pages" {...pager} />
        </div>
      )}
      <Modal
        open={chosen !== null}
        title={chosen?.title ?? 'Request Certificate'}
        onClose={() => setChosen(null)}
        actions={
          <>
            <button type="button" className="btn" onClick={() => setChosen(null)}>Close</button>
            <button type="button" className="btn btn-primary" onClick={() => chosen && payNow(chosen)}>Pay Now</button>
          </>
        }
      >
        <p>{CERTIFICATE_MESSAGES.redirectNotice}</p>
        {chosen ? <p className="mt-2 font-semibold">{formatRupees(chosen.fee_paise)}</p> : null}
      </Modal>
    </main>
  );
}
