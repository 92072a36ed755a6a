import type { CertificateRequestsReply, CertificateTypesReply } from '@invigil/shared/api/certificates';
import { getCall } from '../../lib/api-client';

export const fetchCertificateRequests = getCall('/certificate-requests', { pick: (reply: CertificateRequestsReply) => reply.data });

export const fetchCertificateTypes = getCall('/certificate-request-types', { pick: (reply: CertificateTypesReply) => reply.data });
