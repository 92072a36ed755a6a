import type { ImportFileInput } from '@invigil/shared/api/test-import';
import { PUBLIC_BLOB_PREFIX } from '../platform/storage/blob-routes';
import { DEMO_PDF } from './demo-tests';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/** The demo's queries: e2e specs and tests name them. */
export const DEMO_QUERIES = {
  ashaOpen: 'demo-query-asha-open',
  ashaClosed: 'demo-query-asha-closed',
  rohanOpen: 'demo-query-rohan-open',
} as const;

/**
 * The demo's support queries, through the import (server/src/seed/demo-portal.ts composes them):
 * four query types; Asha (DEMO001) has an open Physics doubt with a thread (the teacher's reply
 * with the formula sheet, her follow-up) and a closed fee query; Rohan (DEMO002) one open query
 * with no replies, for specs to change.
 */
export function demoQuerySections(now: number, physicsSubjectId: string): Pick<ImportFileInput, 'query_types' | 'queries' | 'query_replies' | 'query_closures'> {
  return {
    query_types: [
      { id: 'demo-qt-academic', name: 'Academic', sub_types: [{ id: 'doubt', name: 'Doubt in a topic' }, { id: 'material', name: 'Study material' }, { id: 'assignment', name: 'Assignment' }] },
      { id: 'demo-qt-fees', name: 'Fees', sub_types: [{ id: 'payment', name: 'Payment issue' }, { id: 'receipt', name: 'Receipt' }, { id: 'refund', name: 'Refund' }] },
      { id: 'demo-qt-technical', name: 'Technical', sub_types: [{ id: 'login', name: 'Login problem' }, { id: 'test-loading', name: 'Test not loading' }, { id: 'other', name: 'Other' }] },
      { id: 'demo-qt-general', name: 'General', sub_types: [{ id: 'timetable', name: 'Timetable' }, { id: 'certificate', name: 'Certificates' }, { id: 'other', name: 'Other' }] },
    ],
    queries: [
      {
        id: DEMO_QUERIES.ashaOpen,
        reg_no: 'DEMO001',
        query_type_id: 'demo-qt-academic',
        query_sub_type_id: 'doubt',
        subject_id: physicsSubjectId,
        query: 'Why is the normal force on an inclined plane mg cos θ and not mg? Please explain with a diagram.',
        created_at: iso(now - 3 * DAY),
      },
      {
        id: DEMO_QUERIES.ashaClosed,
        reg_no: 'DEMO001',
        query_type_id: 'demo-qt-fees',
        query_sub_type_id: 'receipt',
        query: 'Please send me the receipt for the tuition fee I paid last month.',
        created_at: iso(now - 12 * DAY),
      },
      {
        id: DEMO_QUERIES.rohanOpen,
        reg_no: 'DEMO002',
        query_type_id: 'demo-qt-technical',
        query_sub_type_id: 'test-loading',
        query: 'The mock test page stays blank on my phone after I tap Start.',
        created_at: iso(now - 1 * DAY),
      },
    ],
    query_replies: [
      {
        id: 'demo-query-asha-open-1',
        query_id: DEMO_QUERIES.ashaOpen,
        post_by_name: 'Dr. Anil Kumar',
        content: 'Resolve the weight along and across the plane: only the part across it, mg cos θ, is balanced by the normal force. The formula sheet has the diagram.',
        attachment: `${PUBLIC_BLOB_PREFIX}/${DEMO_PDF}`,
        created_at: iso(now - 2 * DAY),
      },
      {
        id: 'demo-query-asha-open-2',
        query_id: DEMO_QUERIES.ashaOpen,
        by: 'student',
        content: 'Thank you! Does the same hold when the plane itself is accelerating?',
        created_at: iso(now - 1 * DAY),
      },
      {
        id: 'demo-query-asha-closed-1',
        query_id: DEMO_QUERIES.ashaClosed,
        post_by_name: 'Accounts Office',
        content: 'The receipt has been sent to your e-mail and is under My Fees. Closing this query.',
        created_at: iso(now - 11 * DAY),
      },
    ],
    query_closures: [{ query_id: DEMO_QUERIES.ashaClosed, closed_at: iso(now - 11 * DAY) }],
  };
}
