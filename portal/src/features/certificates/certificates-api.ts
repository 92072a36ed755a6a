import type { CertificateRequestsReply, CertificateTypesReply } from '@invigil/shared/api/certificates';
import { apiCall } from '../../lib/api-client';

export const fetchCertificateRequests = async () => (await apiCall<CertificateRequestsReply>('/certificate-requests')).data;

export const fetchCertificateTypes = async () => (await apiCall<CertificateTypesReply>('/certificate-request-types')).data;
